import { Link } from "react-router";
import { AddDisclosure } from "#app/components/admin/AddDisclosure.tsx";
import { FormField, TextArea, TextField } from "#app/components/admin/FormField.tsx";
import ld from "#app/components/admin/ListDetail.module.css";
import { AddItemForm } from "#app/components/admin/list/AddItemForm.tsx";
import { ItemList } from "#app/components/admin/list/ItemList.tsx";
import { ItemRow } from "#app/components/admin/list/ItemRow.tsx";
import type { CourseKind } from "#server/db/schema.ts";
import type { ManagedCourseEntry, ManagedPeriod } from "#server/domain/courses/manage.ts";
import { courseKinds } from "#shared/course-kinds.ts";
import type { FieldRules } from "#shared/field-rules.ts";
import type { RecordNoun } from "#shared/korean.ts";
import styles from "./Courses.module.css";

const TYPE = "courses";

/** The chosen period's course record: its projects, sessions and studies, each list in order. */
export function PeriodRecord({
  period,
  entries,
  publicPage,
  rules,
}: {
  period: ManagedPeriod;
  entries: Record<CourseKind, ManagedCourseEntry[]>;
  publicPage: string;
  rules: FieldRules;
}) {
  return (
    <section className={ld.detail} aria-labelledby="record-title">
      <header className={ld.detailHeader}>
        <p className={ld.eyebrow}>선택한 학기</p>
        <h2 id="record-title" className={ld.title}>
          {period.name}
        </h2>
        <Link to={`${publicPage}?period=${encodeURIComponent(period.name)}`} className={styles.publicLink}>
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
          rules={rules}
        />
      ))}
    </section>
  );
}

function KindSection({
  period,
  kind,
  noun,
  entries,
  rules,
}: {
  period: ManagedPeriod;
  kind: CourseKind;
  noun: RecordNoun;
  entries: ManagedCourseEntry[];
  rules: FieldRules;
}) {
  const headingId = `kind-${kind}`;
  return (
    <section className={styles.kind} aria-labelledby={headingId}>
      <h3 id={headingId} className={ld.subheading}>
        {noun.name} <span className={ld.count}>{entries.length}</span>
      </h3>
      <ItemList
        contentType={TYPE}
        items={entries}
        getId={(entry) => entry.id}
        getLabel={(entry) => entry.title}
        label={`${noun.name} 순서`}
        reorder={{ intent: "reorder-entries", fields: { periodId: period.id, kind } }}
        empty={
          <p className={ld.empty}>
            {period.name}에 기록된 {noun.subject} 없습니다.
          </p>
        }
        renderItem={(entry, announce) => (
          <ItemRow
            contentType={TYPE}
            id={entry.id}
            version={entry.version}
            label={`'${entry.title}' ${noun.name}`}
            summary={{
              title: entry.title,
              details: [entry.leader && `리더 ${entry.leader}`, entry.description],
              level: 4,
            }}
            intents={{ update: "update-entry", remove: "delete-entry" }}
            removeTitle={`'${entry.title}' ${noun.object} 삭제할까요?`}
            removeMessage={<p>공개 페이지의 {period.name} 기록에서도 사라집니다.</p>}
            rules={rules}
            onRemoved={announce}
            fields={() => <EntryFields entry={entry} />}
          />
        )}
      />
      <AddDisclosure summary={`${noun.name} 추가`}>
        <AddItemForm
          contentType={TYPE}
          intent="create-entry"
          hidden={{ periodId: period.id, kind }}
          label={`새 ${noun.name}`}
          submitLabel={`${noun.name} 추가`}
          rules={rules}
        >
          {() => <EntryFields />}
        </AddItemForm>
      </AddDisclosure>
    </section>
  );
}

function EntryFields({ entry }: { entry?: ManagedCourseEntry }) {
  return (
    <div className={ld.fields}>
      <TextField label="제목" name="title" defaultValue={entry?.title} />
      <TextField label="리더" name="leader" defaultValue={entry?.leader} />
      <div className={ld.wide}>
        <FormField label="설명" name="description">
          {(field) => <TextArea {...field} defaultValue={entry?.description} rows={3} />}
        </FormField>
      </div>
    </div>
  );
}
