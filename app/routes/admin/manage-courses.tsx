import { PeriodList } from "#app/components/admin/courses/PeriodList.tsx";
import { PeriodRecord } from "#app/components/admin/courses/PeriodRecord.tsx";
import ld from "#app/components/admin/ListDetail.module.css";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { ButtonLink } from "#app/components/ui/Button.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import {
  courseEntrySchema,
  listManagedEntries,
  listManagedPeriods,
  periodInputSchema,
} from "#server/domain/courses/manage.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/manage-courses";

const PUBLIC_PAGE = "/community/activity/courses";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "학습 기록 관리", noIndex: true });

/** ?period=<id> picks the period to edit; without it (or when it is gone) the newest one. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const periods = await listManagedPeriods(db);
  const wanted = url.searchParams.get("period");
  const period = periods.find((candidate) => candidate.id === wanted) ?? periods.at(-1);
  const entries = period ? await listManagedEntries(db, period.id) : undefined;
  return {
    periods,
    period,
    entries,
    rules: { period: fieldRules(periodInputSchema), entry: fieldRules(courseEntrySchema) },
  };
}

export default function ManageCourses({ loaderData }: Route.ComponentProps) {
  const { periods, period, entries, rules } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="학습 기록"
        description={
          <p>
            학기마다 진행한 프로젝트, 세션, 스터디를 기록합니다. 공개 페이지는 기록이 있는 학기 중 목록의 마지막 학기를
            먼저 보여 줍니다.
          </p>
        }
        actions={
          <ButtonLink to={PUBLIC_PAGE} variant="secondary" size="sm">
            공개 페이지 보기
          </ButtonLink>
        }
      />
      <div className={ld.layout}>
        <PeriodList items={periods} selected={period} rules={rules.period} />
        {period && entries ? (
          <PeriodRecord period={period} entries={entries} publicPage={PUBLIC_PAGE} rules={rules.entry} />
        ) : (
          <div className={ld.detail}>
            <EmptyState title="아직 학기가 없습니다">
              왼쪽에서 첫 학기를 추가하면 그 학기의 프로젝트, 세션, 스터디를 기록할 수 있습니다.
            </EmptyState>
          </div>
        )}
      </div>
    </>
  );
}
