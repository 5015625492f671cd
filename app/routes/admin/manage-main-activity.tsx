import { z } from "zod";
import { listMainActivitiesByYear } from "../../../server/domain/activities/activities.ts";
import {
  activityTitle,
  deleteActivity,
  FIRST_ACTIVITY_YEAR,
  LAST_ACTIVITY_YEAR,
  reorderActivities,
} from "../../../server/domain/activities/manage.ts";
import { formValues, orderForm } from "../../../server/domain/admin/form-fields.ts";
import { recordVersions } from "../../../server/domain/admin/lists.ts";
import type { ImageRef } from "../../../server/domain/files/files.ts";
import { itemListAction } from "../../../server/http/item-actions.ts";
import { Badge } from "../../components/admin/DataTable.tsx";
import { FileField } from "../../components/admin/FileField.tsx";
import {
  Checkbox,
  FormField,
  Select,
  TextArea,
  TextInput,
} from "../../components/admin/FormField.tsx";
import { ItemUploadForm } from "../../components/admin/ItemUploadForm.tsx";
import {
  ItemThumbnail,
  ManagedItem,
  useItemDeletion,
} from "../../components/admin/ManagedItem.tsx";
import { PageHeader } from "../../components/admin/PageHeader.tsx";
import { SavedSortableList } from "../../components/admin/SavedSortableList.tsx";
import { ButtonLink } from "../../components/ui/Button.tsx";
import { EmptyState } from "../../components/ui/EmptyState.tsx";
import { ResponsiveImage } from "../../components/ui/ResponsiveImage.tsx";
import { getServices } from "../../context.ts";
import { seoulYearMonth } from "../../lib/calendar-dates.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/manage-main-activity";
import styles from "./manage-media.module.css";

const PAGE = "/admin/manage-main-activity";
const UPLOAD = "/admin/api/activities";
const NOUN = "주요 활동";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "주요 활동 관리", noIndex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const [years, versions] = await Promise.all([
    listMainActivitiesByYear(db, storage),
    recordVersions(db, "main_activities"),
  ]);
  return {
    years: years.map(({ year, activities }) => ({
      year,
      activities: activities.map((activity) => ({
        ...activity,
        version: versions[activity.id] ?? 1,
      })),
    })),
    thisYear: seoulYearMonth(new Date()).year,
  };
}

const reorderForm = orderForm.and(z.object({ year: z.coerce.number().int() }));

/** Deletes and reorders (forms without files); adding and editing go to the upload endpoint. */
export function action(args: Route.ActionArgs) {
  return itemListAction(args, {
    category: "mainActivities",
    noun: NOUN,
    titleOf: activityTitle,
    remove: deleteActivity,
    listName: (form) => {
      const year = Number(form.get("year"));
      return Number.isInteger(year) ? `${year}년 ${NOUN}` : NOUN;
    },
    reorder: async (trx, form) => {
      const order = reorderForm.parse(formValues(form, ["year"], ["expected", "id"]));
      await reorderActivities(trx, order.year, order);
    },
  });
}

type Activity = Route.ComponentProps["loaderData"]["years"][number]["activities"][number];

const directions = { left: "사진 왼쪽", right: "사진 오른쪽" } as const;

export default function ManageMainActivity({ loaderData }: Route.ComponentProps) {
  const { years, thisYear } = loaderData;
  const { remove, announcement } = useItemDeletion(PAGE);
  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="주요 활동"
        description={
          <p>
            해마다 동아리가 한 큰 활동을 연도별로 정리합니다. 같은 해 안의 순서는 손잡이를 끌거나
            키보드로 바꿀 수 있고, 공개 페이지에 그 순서대로 보입니다.
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
        <ItemUploadForm
          action={UPLOAD}
          images={["image"]}
          label="새 활동 추가"
          submitLabel="활동 추가"
        >
          {(errors) => <ActivityFields errors={errors} year={thisYear} />}
        </ItemUploadForm>
      </section>

      <section className={styles.list} aria-labelledby="activity-years-title">
        <h2 id="activity-years-title" className={styles.listTitle}>
          연도별 활동
        </h2>
        {announcement}
        {years.length === 0 ? (
          <EmptyState title="아직 기록된 활동이 없습니다">
            위에서 첫 활동을 추가하면 공개 페이지에 연도별로 보입니다.
          </EmptyState>
        ) : (
          years.map(({ year, activities }) => (
            <section key={year} className={styles.group} aria-labelledby={`year-${year}`}>
              <h3 id={`year-${year}`} className={styles.groupTitle}>
                {year}년 <span className={styles.count}>활동 {activities.length}개</span>
              </h3>
              <SavedSortableList
                action={PAGE}
                fields={{ year: String(year) }}
                items={activities}
                getId={(activity) => activity.id}
                getLabel={(activity) => activity.title}
                label={`${year}년 주요 활동 순서`}
                renderItem={(activity) => (
                  <ActivityItem activity={activity} year={year} onDelete={remove} />
                )}
              />
            </section>
          ))
        )}
      </section>
    </>
  );
}

function ActivityItem({
  activity,
  year,
  onDelete,
}: {
  activity: Activity;
  year: number;
  onDelete: (form: FormData) => void;
}) {
  return (
    <ManagedItem
      id={activity.id}
      version={activity.version}
      title={activity.title}
      level={4}
      thumbnail={<ItemThumbnail image={activity.image} />}
      details={
        <>
          <Badge>{directions[activity.direction]}</Badge>
          {activity.description && <p className={styles.clamp}>{activity.description}</p>}
        </>
      }
      deleteMessage="사진 파일도 함께 지워지며 되돌릴 수 없습니다. 그 해의 마지막 활동이면 공개 페이지에서 그 해도 사라집니다."
      onDelete={onDelete}
      editor={(onSaved) => (
        <ItemUploadForm
          action={UPLOAD}
          images={["image"]}
          label={`'${activity.title}' 수정`}
          item={activity}
          onSaved={onSaved}
        >
          {(errors) => <ActivityFields errors={errors} year={year} activity={activity} />}
        </ItemUploadForm>
      )}
    />
  );
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
      <FormField label="연도" name="year" required error={errors.year}>
        {(field) => (
          <TextInput
            {...field}
            type="number"
            inputMode="numeric"
            min={FIRST_ACTIVITY_YEAR}
            max={LAST_ACTIVITY_YEAR}
            defaultValue={year}
            className={styles.year}
          />
        )}
      </FormField>
      <FormField label="사진 위치" name="direction" required error={errors.direction}>
        {(field) => (
          <Select {...field} defaultValue={activity?.direction ?? "left"}>
            <option value="left">왼쪽 (글은 오른쪽)</option>
            <option value="right">오른쪽 (글은 왼쪽)</option>
          </Select>
        )}
      </FormField>
      <div className={styles.wide}>
        <FormField label="제목" name="title" required error={errors.title}>
          {(field) => (
            <TextInput
              {...field}
              defaultValue={activity?.title ?? ""}
              maxLength={100}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField label="설명" name="description" error={errors.description}>
          {(field) => (
            <TextArea
              {...field}
              defaultValue={activity?.description ?? ""}
              maxLength={2000}
              rows={3}
            />
          )}
        </FormField>
        <FileField
          label={activity?.image ? "사진 바꾸기" : "사진"}
          name="image"
          kind="image"
          hint="JPG, PNG, WebP. 올리기 전에 1024px, 4MB 이하로 줄입니다."
          error={errors.image}
          current={activity?.image && <CurrentImage image={activity.image} />}
        />
        {activity?.image && (
          <Checkbox name="removeImage" label="사진 빼기" hint="사진 없이 제목과 설명만 보입니다." />
        )}
      </div>
    </div>
  );
}

function CurrentImage({ image }: { image: ImageRef }) {
  return <ResponsiveImage image={image} alt="지금 사진" sizes="160px" />;
}
