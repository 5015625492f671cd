import { Form } from "react-router";
import styles from "#app/components/community/Courses.module.css";
import { PageBanner } from "#app/components/layout/PageBanner.tsx";
import columns from "#app/components/section/Columns.module.css";
import { Button } from "#app/components/ui/Button.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import type { IslandsHandle } from "#app/lib/islands.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { pageBreadcrumbJsonLd } from "#app/lib/structured-data.ts";
import type { CourseKind } from "#server/db/schema.ts";
import { type CourseEntry, getCourseRecord, listPeriods, shownPeriod } from "#server/domain/courses/courses.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/courses";

const PERIOD_PARAM = "period";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const periods = await listPeriods(db);
  // The period is named in the address by its name (or id); anything else shows the newest
  // period that has a record.
  const period = shownPeriod(periods, url.searchParams.get(PERIOD_PARAM));
  const record = period ? await getCourseRecord(db, period.id) : undefined;
  return { periods, period, record };
}

/** Choosing a period shows its record in place. */
export const handle: IslandsHandle = { islands: ["in-page"] };

const DESCRIPTION = "학기마다 열린 프로젝트, 세션, 스터디와 그 리더를 기록합니다.";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: args.loaderData?.period ? `학습 기록 · ${args.loaderData.period.name}` : "학습 기록",
    description: DESCRIPTION,
  }),
  ...pageBreadcrumbJsonLd(args),
];

const KINDS: { kind: CourseKind; title: string; empty: string }[] = [
  { kind: "project", title: "프로젝트", empty: "이 학기에 기록된 프로젝트가 없습니다." },
  { kind: "session", title: "세션", empty: "이 학기에 기록된 세션이 없습니다." },
  { kind: "study", title: "스터디", empty: "이 학기에 기록된 스터디가 없습니다." },
];

export default function Courses({ loaderData }: Route.ComponentProps) {
  const { periods, period, record } = loaderData;
  return (
    <>
      <PageBanner eyebrow="COMMUNITY" title="학습 기록" detail={DESCRIPTION} />
      <div className={`container ${styles.page}`}>
        {!period || !record ? (
          <EmptyState title="아직 기록된 학기가 없습니다">
            학기가 추가되면 그 학기의 프로젝트, 세션, 스터디를 여기에서 볼 수 있습니다.
          </EmptyState>
        ) : (
          <>
            <Form method="get" className={styles.selector} data-keep-scroll="">
              <label htmlFor="course-period" className={styles.label}>
                학기
              </label>
              <select
                id="course-period"
                name={PERIOD_PARAM}
                defaultValue={period.name}
                className={styles.select}
                data-submit-on-change=""
              >
                {periods.map((option) => (
                  <option key={option.id} value={option.name}>
                    {option.name}
                  </option>
                ))}
              </select>
              <Button type="submit" variant="secondary">
                보기
              </Button>
            </Form>

            <section aria-labelledby="period-title" className={styles.period}>
              <h2 id="period-title" className={styles.periodTitle}>
                {period.name}
              </h2>
              <p className={styles.tally}>
                {KINDS.map(({ kind, title }) => `${title} ${record[kind].length}`).join(" · ")}
              </p>
              {KINDS.map(({ kind, title, empty }) => (
                <section key={kind} aria-labelledby={`kind-${kind}`} className={styles.kind} data-kind={kind}>
                  <h3 id={`kind-${kind}`} className={styles.kindTitle}>
                    {title}
                  </h3>
                  {record[kind].length === 0 ? (
                    <p className={styles.empty}>{empty}</p>
                  ) : (
                    <ul className={`${columns.columns} ${styles.entries}`}>
                      {record[kind].map((entry) => (
                        <CourseCard key={entry.id} entry={entry} />
                      ))}
                    </ul>
                  )}
                </section>
              ))}
            </section>
          </>
        )}
      </div>
    </>
  );
}

function CourseCard({ entry }: { entry: CourseEntry }) {
  return (
    <li className={styles.entry}>
      <h4 className={styles.entryTitle}>{entry.title}</h4>
      {entry.description && <p className={styles.description}>{entry.description}</p>}
      {entry.leader && (
        <p className={styles.leader}>
          <span className={styles.leaderLabel}>리더</span> {entry.leader}
        </p>
      )}
    </li>
  );
}
