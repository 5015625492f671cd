import { Form, useNavigate } from "react-router";
import { FileField } from "#app/components/admin/FileField.tsx";
import filterBar from "#app/components/admin/FilterBar.module.css";
import { FilterSelect } from "#app/components/admin/FilterSelect.tsx";
import { Checkbox, FormField, Select, TextArea, TextField, TextInput } from "#app/components/admin/FormField.tsx";
import { AddItemForm } from "#app/components/admin/list/AddItemForm.tsx";
import { ItemList } from "#app/components/admin/list/ItemList.tsx";
import { ItemRow } from "#app/components/admin/list/ItemRow.tsx";
import { ItemThumbnail, type RowSummaryProps } from "#app/components/admin/list/RowSummary.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { Button, ButtonLink } from "#app/components/ui/Button.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { ResponsiveImage } from "#app/components/ui/ResponsiveImage.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { compressImageFields } from "#app/lib/uploads/prepare-images.ts";
import { listActivityYears, listMainActivitiesByYear } from "#server/domain/activities/activities.ts";
import { activityFields } from "#server/domain/activities/manage.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { recordVersions } from "#server/domain/write/lists.ts";
import { getServices } from "#server/http/router-context.ts";
import { seoulYearMonth } from "#shared/dates.ts";
import type { Route } from "./+types/manage-main-activity";
import styles from "./manage-media.module.css";

const TYPE = "activities";
const PATH = "/admin/manage-main-activity";
const yearHref = (year: number) => `${PATH}?year=${year}`;
const compressImage = compressImageFields(["image"]);

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "주요 활동 관리", noIndex: true });

/**
 * ?year= picks the year whose activities are listed (each year is put in order on its own);
 * without it, or for a year without activities, the newest year that has any.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const years = await listActivityYears(db);
  const wanted = Number(url.searchParams.get("year"));
  const year = years.find((candidate) => candidate.year === wanted)?.year ?? years[0]?.year;
  const shown = year === undefined ? undefined : (await listMainActivitiesByYear(db, storage, { year }))[0];
  const activities = shown?.activities ?? [];
  const versions = await recordVersions(
    db,
    "main_activities",
    activities.map((activity) => activity.id),
  );
  return {
    years,
    year,
    activities: activities.map((activity) => ({
      ...activity,
      year: shown?.year ?? 0,
      version: versions[activity.id] ?? 1,
    })),
    thisYear: seoulYearMonth(new Date()).year,
    rules: fieldRules(activityFields),
  };
}

type Activity = Route.ComponentProps["loaderData"]["activities"][number];

const directions = { left: "사진 왼쪽", right: "사진 오른쪽" } as const;

export default function ManageMainActivity({ loaderData }: Route.ComponentProps) {
  const { years, year, activities, thisYear, rules } = loaderData;
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="주요 활동"
        description={
          <p>
            해마다 동아리가 한 큰 활동을 연도별로 정리합니다. 같은 해 안의 순서는 손잡이를 끌거나 키보드로 바꿀 수 있고,
            공개 페이지에 그 순서대로 보입니다.
          </p>
        }
        actions={
          <ButtonLink to="/community/activity/main" variant="secondary" size="sm" reloadDocument>
            공개 페이지 보기
          </ButtonLink>
        }
      />
      <section className={styles.panel} aria-labelledby="add-activity-title">
        <h2 id="add-activity-title" className={styles.panelTitle}>
          새 활동 추가
        </h2>
        <AddItemForm
          contentType={TYPE}
          label="새 활동 추가"
          submitLabel="활동 추가"
          prepare={compressImage}
          rules={rules}
          onSaved={(_result, form) => {
            // The new activity's year is shown, where it went.
            const added = Number(form.get("year"));
            if (added !== year) navigate(yearHref(added), { preventScrollReset: true });
          }}
        >
          {({ fieldErrors }) => <ActivityFields errors={fieldErrors} year={thisYear} />}
        </AddItemForm>
      </section>

      <section className={styles.list} aria-labelledby="activity-years-title">
        <h2 id="activity-years-title" className={styles.listTitle}>
          연도별 활동 <span className={styles.count}>{years.length}개 연도</span>
        </h2>
        {years.length > 0 && (
          <Form method="get" action={PATH} className={filterBar.filters} key={year} preventScrollReset>
            <FilterSelect
              id="activity-year"
              name="year"
              label="연도"
              all={false}
              defaultValue={String(year ?? "")}
              options={years.map((entry) => [String(entry.year), `${entry.year}년 (${entry.count}개)`] as const)}
            />
            <Button type="submit" variant="secondary" className={filterBar.apply}>
              보기
            </Button>
          </Form>
        )}
        {/* Kept when it is empty: a deletion's announcement is shown by the list. */}
        <ItemList
          contentType={TYPE}
          items={activities}
          getId={(activity) => activity.id}
          getLabel={(activity) => activity.title}
          groups={{
            of: (activity) => String(activity.year),
            heading: (year, members) => (
              <h3 className={styles.groupTitle}>
                {year}년 <span className={styles.count}>활동 {members.length}개</span>
              </h3>
            ),
            label: (year) => `${year}년 주요 활동 순서`,
            fields: (year) => ({ year }),
          }}
          reorder={{}}
          renderItem={(activity, announce) => (
            <ItemRow
              contentType={TYPE}
              id={activity.id}
              version={activity.version}
              label={`'${activity.title}' 주요 활동`}
              summary={activitySummary(activity)}
              removeTitle={`'${activity.title}' 주요 활동을 삭제할까요?`}
              removeMessage={
                <p>
                  사진 파일도 함께 지워지며 되돌릴 수 없습니다. 그 해의 마지막 활동이면 공개 페이지에서 그 해도
                  사라집니다.
                </p>
              }
              prepare={compressImage}
              rules={rules}
              onRemoved={announce}
              fields={({ fieldErrors }) => (
                <ActivityFields errors={fieldErrors} year={activity.year} activity={activity} />
              )}
            />
          )}
        />
        {activities.length === 0 && (
          <EmptyState title="아직 기록된 활동이 없습니다">
            위에서 첫 활동을 추가하면 공개 페이지에 연도별로 보입니다.
          </EmptyState>
        )}
      </section>
    </>
  );
}

function activitySummary(activity: Activity): RowSummaryProps {
  return {
    title: activity.title,
    level: 4,
    media: <ItemThumbnail image={activity.image} />,
    details: [directions[activity.direction], activity.description],
  };
}

function ActivityFields({
  errors,
  year,
  activity,
}: {
  errors: Record<string, string>;
  year: number;
  activity?: Activity;
}) {
  return (
    <div className={styles.fields}>
      <FormField label="연도" name="year">
        {(field) => (
          <TextInput {...field} type="number" inputMode="numeric" defaultValue={year} className={styles.year} />
        )}
      </FormField>
      <FormField label="사진 위치" name="direction">
        {(field) => (
          <Select {...field} defaultValue={activity?.direction ?? "left"}>
            <option value="left">왼쪽 (글은 오른쪽)</option>
            <option value="right">오른쪽 (글은 왼쪽)</option>
          </Select>
        )}
      </FormField>
      <div className={styles.wide}>
        <TextField label="제목" name="title" defaultValue={activity?.title ?? ""} />
        <FormField label="설명" name="description">
          {(field) => <TextArea {...field} defaultValue={activity?.description ?? ""} rows={3} />}
        </FormField>
        <FileField
          label={activity?.image ? "사진 바꾸기" : "사진"}
          name="image"
          kind="image"
          hint="JPG, PNG, WebP. 올리기 전에 1024px, 4MB 이하로 줄입니다."
          error={errors.image}
          current={activity?.image && <ResponsiveImage image={activity.image} alt="지금 사진" sizes="160px" />}
        />
        {activity?.image && <Checkbox name="removeImage" label="사진 빼기" hint="사진 없이 제목과 설명만 보입니다." />}
      </div>
    </div>
  );
}
