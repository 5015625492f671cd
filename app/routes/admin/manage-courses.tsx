import { Link, useNavigate } from "react-router";
import type { CourseKind } from "../../../server/db/schema.ts";
import { formValues, orderForm } from "../../../server/domain/admin/form-fields.ts";
import { describeChange, describeReorder } from "../../../server/domain/admin/messages.ts";
import { courseKindNoun, courseKinds, periodNoun } from "../../../server/domain/courses/kinds.ts";
import {
  addCourseEntry,
  addPeriod,
  courseKindSchema,
  deleteCourseEntry,
  deletePeriod,
  findCourseEntry,
  findPeriod,
  listManagedEntries,
  listManagedPeriods,
  type ManagedCourseEntry,
  type ManagedPeriod,
  renamePeriod,
  reorderCourseEntries,
  reorderPeriods,
  updateCourseEntry,
} from "../../../server/domain/courses/manage.ts";
import { adminWriter, unknownIntent } from "../../../server/http/admin-write.ts";
import {
  readAdminForm,
  recordIdSchema,
  textValues,
  versionSchema,
} from "../../../server/http/form-fields.ts";
import { actionResponse } from "../../../server/http/write-response.ts";
import { AddDisclosure } from "../../components/admin/AddDisclosure.tsx";
import { AdminForm, type AdminFormState } from "../../components/admin/AdminForm.tsx";
import { EditableRow, RowSummary, useListNotice } from "../../components/admin/EditableRow.tsx";
import { FormActions } from "../../components/admin/FormField.tsx";
import ld from "../../components/admin/ListDetail.module.css";
import { PageHeader } from "../../components/admin/PageHeader.tsx";
import { SavedSortableList } from "../../components/admin/SavedSortableList.tsx";
import { TextAreaField, TextField } from "../../components/admin/TextFields.tsx";
import { Button, ButtonLink } from "../../components/ui/Button.tsx";
import { EmptyState } from "../../components/ui/EmptyState.tsx";
import { getServices } from "../../context.ts";
import { removal } from "../../lib/admin/removal.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/manage-courses";
import styles from "./manage-courses.module.css";

const ACTION = "/admin/manage-courses";
const PUBLIC_PAGE = "/community/activity/courses";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "학습 기록 관리", noIndex: true });

/** ?period=<id> picks the period to edit; without it (or when it is gone) the newest one. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const periods = await listManagedPeriods(db);
  const wanted = url.searchParams.get("period");
  const period = periods.find((candidate) => candidate.id === wanted) ?? periods.at(-1);
  const entries = period ? await listManagedEntries(db, period.id) : undefined;
  return { periods, period, entries };
}

export async function action(args: Route.ActionArgs) {
  const { services, write } = await adminWriter(args, actionResponse);
  const read = await readAdminForm(args.request);
  if ("refused" in read) return actionResponse(read.refused);
  const { form } = read;
  const values = textValues(form);
  const { db } = services;

  switch (values.intent) {
    case "add-period":
      return write(
        describeChange("courses", periodNoun, values.name ?? "", "추가"),
        async (trx) => {
          const period = await addPeriod(trx, values.name ?? "");
          return { id: period.id };
        },
      );
    case "rename-period": {
      const current = await findPeriod(db, values.id ?? "");
      return write(
        describeChange("courses", periodNoun, current?.name ?? values.name ?? "", "수정"),
        (trx) =>
          renamePeriod(
            trx,
            recordIdSchema.parse(values.id),
            versionSchema.parse(values.version),
            values.name ?? "",
          ),
      );
    }
    case "delete-period": {
      const current = await findPeriod(db, values.id ?? "");
      return write(
        describeChange("courses", periodNoun, current?.name ?? "", "삭제"),
        async (trx) => {
          await deletePeriod(
            trx,
            recordIdSchema.parse(values.id),
            versionSchema.parse(values.version),
          );
          return removal;
        },
      );
    }
    case "reorder-periods":
      return write(describeReorder("courses", "학기"), (trx) =>
        reorderPeriods(trx, orderForm.parse(formValues(form, [], ["expected", "id"]))),
      );
    case "add-entry": {
      const noun = courseKindNoun(values.kind);
      return write(describeChange("courses", noun, values.title ?? "", "추가"), (trx) =>
        addCourseEntry(
          trx,
          recordIdSchema.parse(values.periodId),
          courseKindSchema.parse(values.kind),
          values,
        ),
      );
    }
    case "update-entry": {
      const current = await findCourseEntry(db, values.id ?? "");
      const noun = courseKindNoun(current?.kind);
      return write(describeChange("courses", noun, values.title ?? "", "수정"), (trx) =>
        updateCourseEntry(
          trx,
          recordIdSchema.parse(values.id),
          versionSchema.parse(values.version),
          values,
        ),
      );
    }
    case "delete-entry": {
      const current = await findCourseEntry(db, values.id ?? "");
      const noun = courseKindNoun(current?.kind);
      return write(describeChange("courses", noun, current?.title ?? "", "삭제"), async (trx) => {
        await deleteCourseEntry(
          trx,
          recordIdSchema.parse(values.id),
          versionSchema.parse(values.version),
        );
        return removal;
      });
    }
    case "reorder-entries": {
      const period = await findPeriod(db, values.periodId ?? "");
      const noun = courseKindNoun(values.kind);
      return write(
        describeReorder("courses", [period?.name, noun.name].filter(Boolean).join(" ")),
        (trx) =>
          reorderCourseEntries(
            trx,
            recordIdSchema.parse(values.periodId),
            courseKindSchema.parse(values.kind),
            orderForm.parse(formValues(form, [], ["expected", "id"])),
          ),
      );
    }
    default:
      return actionResponse(unknownIntent);
  }
}

export default function ManageCourses({ loaderData }: Route.ComponentProps) {
  const { periods, period, entries } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="학습 기록"
        description={
          <p>
            학기마다 진행한 프로젝트, 세션, 스터디를 기록합니다. 공개 페이지는 목록의 마지막 학기를
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
        <PeriodList periods={periods} selected={period} />
        {period && entries ? (
          <section className={ld.detail} aria-labelledby="record-title">
            <header className={ld.detailHeader}>
              <p className={ld.eyebrow}>선택한 학기</p>
              <h2 id="record-title" className={ld.title}>
                {period.name}
              </h2>
              <Link
                to={`${PUBLIC_PAGE}?period=${encodeURIComponent(period.name)}`}
                className={styles.publicLink}
              >
                공개 페이지에서 이 학기 보기
              </Link>
            </header>
            {courseKinds.map(({ kind, noun }) => (
              <KindSection
                key={`${period.id}-${kind}`}
                period={period}
                kind={kind}
                noun={noun}
                entries={entries[kind]}
              />
            ))}
          </section>
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

function PeriodList({
  periods,
  selected,
}: {
  periods: ManagedPeriod[];
  selected: ManagedPeriod | undefined;
}) {
  const navigate = useNavigate();
  const { announce, notice } = useListNotice();
  return (
    <section className={ld.list} aria-labelledby="periods-title">
      <h2 id="periods-title" className={ld.heading}>
        학기 <span className={ld.count}>{periods.length}</span>
      </h2>
      <p className={ld.hint}>
        학기를 골라 그 학기의 기록을 편집합니다. 손잡이를 끌거나 화살표 버튼으로 순서를 바꿀 수
        있습니다.
      </p>
      {notice}
      {periods.length > 0 && (
        <SavedSortableList
          action={ACTION}
          intent="reorder-periods"
          items={periods}
          getId={(period) => period.id}
          getLabel={(period) => period.name}
          label="학기 순서"
          renderItem={(period) => {
            const link = (
              <Link
                to={`?period=${period.id}`}
                className={ld.choice}
                aria-current={period.id === selected?.id ? "true" : undefined}
              >
                <span className={ld.choiceName}>{period.name}</span>
                <span className={ld.choiceMeta}>항목 {period.entryCount}개</span>
              </Link>
            );
            // The chosen period carries its rename and delete; the others are links to choose.
            if (period.id !== selected?.id) return <div className={ld.choiceRow}>{link}</div>;
            return (
              <EditableRow
                action={ACTION}
                version={period.version}
                hidden={{ id: period.id, version: String(period.version) }}
                label={`'${period.name}' 학기`}
                updateIntent="rename-period"
                removeIntent="delete-period"
                removeTitle={`'${period.name}' 학기를 삭제할까요?`}
                removeMessage={
                  <p>
                    이 학기와 그 학기의 프로젝트, 세션, 스터디 {period.entryCount}개가 모두
                    삭제됩니다. 되돌릴 수 없습니다.
                  </p>
                }
                onRemoved={announce}
                summary={link}
                fields={({ fieldErrors }) => (
                  <TextField
                    label="학기 이름"
                    name="name"
                    required
                    defaultValue={period.name}
                    maxLength={30}
                    error={fieldErrors.name}
                  />
                )}
              />
            );
          }}
        />
      )}
      <AdminForm
        action={ACTION}
        label="새 학기 추가"
        resetOnSuccess
        className={`${ld.adder} ${styles.addPeriod}`}
        onSaved={(result) => {
          const id = (result.data as { id?: string } | undefined)?.id;
          if (id) navigate(`?period=${id}`, { preventScrollReset: true });
        }}
      >
        {({ fieldErrors, busy }) => (
          <>
            <input type="hidden" name="intent" value="add-period" />
            <TextField
              label="새 학기"
              name="name"
              required
              hint="예: 2027-1학기. 빈 기록으로 만들어져 목록 끝에 붙습니다."
              maxLength={30}
              error={fieldErrors.name}
            />
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? "추가하는 중…" : "학기 추가"}
            </Button>
          </>
        )}
      </AdminForm>
    </section>
  );
}

function KindSection({
  period,
  kind,
  noun,
  entries,
}: {
  period: ManagedPeriod;
  kind: CourseKind;
  noun: { name: string; subject: string; object: string };
  entries: ManagedCourseEntry[];
}) {
  const { announce, notice } = useListNotice();
  const headingId = `kind-${kind}`;
  return (
    <section className={styles.kind} aria-labelledby={headingId}>
      <h3 id={headingId} className={ld.subheading}>
        {noun.name} <span className={ld.count}>{entries.length}</span>
      </h3>
      {notice}
      {entries.length === 0 ? (
        <p className={ld.empty}>
          {period.name}에 기록된 {noun.subject} 없습니다.
        </p>
      ) : (
        <SavedSortableList
          action={ACTION}
          intent="reorder-entries"
          fields={{ periodId: period.id, kind }}
          items={entries}
          getId={(entry) => entry.id}
          getLabel={(entry) => entry.title}
          label={`${noun.name} 순서`}
          renderItem={(entry) => (
            <EditableRow
              action={ACTION}
              version={entry.version}
              hidden={{ id: entry.id, version: String(entry.version) }}
              label={`'${entry.title}' ${noun.name}`}
              updateIntent="update-entry"
              removeIntent="delete-entry"
              removeTitle={`'${entry.title}' ${noun.object} 삭제할까요?`}
              removeMessage={<p>공개 페이지의 {period.name} 기록에서도 사라집니다.</p>}
              onRemoved={announce}
              summary={
                <RowSummary
                  title={entry.title}
                  details={[entry.leader && `리더 ${entry.leader}`, entry.description]}
                />
              }
              fields={(state) => <EntryFields entry={entry} state={state} />}
            />
          )}
        />
      )}
      <AddDisclosure summary={`${noun.name} 추가`}>
        <AdminForm action={ACTION} label={`새 ${noun.name}`} resetOnSuccess>
          {(state) => (
            <>
              <input type="hidden" name="intent" value="add-entry" />
              <input type="hidden" name="periodId" value={period.id} />
              <input type="hidden" name="kind" value={kind} />
              <EntryFields state={state} />
              <FormActions>
                <Button type="submit" disabled={state.busy}>
                  {state.busy ? "추가하는 중…" : `${noun.name} 추가`}
                </Button>
              </FormActions>
            </>
          )}
        </AdminForm>
      </AddDisclosure>
    </section>
  );
}

function EntryFields({
  entry,
  state: { fieldErrors },
}: {
  entry?: ManagedCourseEntry;
  state: AdminFormState;
}) {
  return (
    <div className={ld.fields}>
      <TextField
        label="제목"
        name="title"
        required
        defaultValue={entry?.title}
        maxLength={100}
        error={fieldErrors.title}
      />
      <TextField
        label="리더"
        name="leader"
        defaultValue={entry?.leader}
        maxLength={40}
        error={fieldErrors.leader}
      />
      <div className={ld.wide}>
        <TextAreaField
          label="설명"
          name="description"
          defaultValue={entry?.description}
          maxLength={1000}
          error={fieldErrors.description}
        />
      </div>
    </div>
  );
}
