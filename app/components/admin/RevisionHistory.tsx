import { useId } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/Button.tsx";
import type { RevisionChanges } from "#server/domain/revisions/revision-changes.ts";
import type { RevisionEntry, RevisionPanel } from "#server/domain/revisions/revisions.ts";
import { formatDateTime } from "#shared/dates.ts";
import { AdminForm } from "./AdminForm.tsx";
import { ConfirmButton } from "./ConfirmButton.tsx";
import { Badge, RecordTable } from "./DataTable.tsx";
import { FormSection } from "./FormSection.tsx";
import styles from "./RevisionHistory.module.css";
import { WordDiff } from "./WordDiff.tsx";

/** When a revision was saved, to the second: saves a minute apart must not look the same. */
const savedAt = (revision: RevisionEntry) => formatDateTime(revision.createdAt, { seconds: true });

/**
 * What a save changed, in one line: "본문, 사진 바뀜 · 낱말 12개 더함, 3개 지움";
 * "처음 기록" for the first one kept.
 */
export function changeSummary(changes: RevisionChanges | null): string {
  if (!changes) return "처음 기록";
  if (changes.fields.length === 0) return "바뀐 내용 없음";
  const counted = changes.words
    ? [
        changes.words.added > 0 ? `${changes.words.added}개 더함` : "",
        changes.words.removed > 0 ? `${changes.words.removed}개 지움` : "",
      ].filter(Boolean)
    : [];
  return `${changes.fields.join(", ")} 바뀜${counted.length > 0 ? ` · 낱말 ${counted.join(", ")}` : ""}`;
}

interface RevisionHistoryProps {
  /** The content type whose `restore` command takes the revision. */
  contentType: string;
  /** What the record is called in the panel's title, e.g. "게시글" or "회칙". */
  what: string;
  panel: RevisionPanel;
  /** The record's version as loaded: a restore over a newer save is refused as a conflict. */
  version: number;
  /** What a restore leaves as it is, if anything (said in the confirmation). */
  restoreNote?: string;
}

/**
 * A record's revision history: every save with who and when, newest first; any two compared word
 * by word (a GET form, so the comparison has an address and works without script); any older one
 * restored after a confirmation, which saves it as a new revision.
 */
export function RevisionHistory({ contentType, what, panel, version, restoreNote }: RevisionHistoryProps) {
  const id = useId();
  const compareFormId = `${id}-compare`;
  const restoreFormId = `${id}-restore`;
  const { revisions, comparison } = panel;
  const [newest, previous] = revisions;
  const from = comparison?.from ?? previous?.id;
  const to = comparison?.to ?? newest?.id;

  return (
    <FormSection
      id={`${id}-history`}
      title={`${what} 변경 기록`}
      description={
        <p>
          저장할 때마다 그때의 내용이 남습니다. 두 버전을 골라 비교하거나, 예전 버전으로 되돌릴 수 있습니다. 최근 30일의
          기록은 모두, 그보다 오래된 기록은 하루에 하나씩 남깁니다.
        </p>
      }
    >
      {revisions.length === 0 ? (
        <p className={styles.empty}>아직 기록이 없습니다. 처음 저장하면 여기에 남습니다.</p>
      ) : (
        <>
          <Form method="get" id={compareFormId} preventScrollReset className={styles.compareForm}>
            <input type="hidden" name="history" value={panel.subject} />
            <Button type="submit" size="sm" variant="secondary" disabled={revisions.length < 2}>
              고른 두 버전 비교
            </Button>
          </Form>
          <RecordTable
            // Made anew when a save adds a revision, so the compared pair starts at the newest two.
            key={`${newest?.id}:${comparison?.from}:${comparison?.to}`}
            caption={`${what} 변경 기록`}
            items={revisions}
            columns={["이전", "이후", "저장한 때", "저장한 사람", "내용"]}
            cells={(revision) => (
              <>
                <CompareChoice end="from" revision={revision} form={compareFormId} checked={revision.id === from} />
                <CompareChoice end="to" revision={revision} form={compareFormId} checked={revision.id === to} />
                <td data-nowrap>
                  <time dateTime={revision.createdAt}>{savedAt(revision)}</time>
                  {revision.id === newest?.id && <Badge tone="brand">지금 내용</Badge>}
                </td>
                <td>{revision.actor || "기록 이전"}</td>
                <td>
                  {revision.label}
                  {revision.note === "restore" && <Badge>되돌림</Badge>}
                  <span className={styles.changes}>{changeSummary(revision.changes)}</span>
                </td>
              </>
            )}
            action={{
              label: "되돌리기",
              cell: (revision) =>
                revision.id === newest?.id ? null : (
                  <ConfirmButton
                    form={restoreFormId}
                    name="revision"
                    value={revision.id}
                    variant="secondary"
                    title={`${savedAt(revision)} 버전으로 되돌릴까요?`}
                    message={restoreMessage(restoreNote)}
                    confirmLabel="되돌리기"
                  >
                    이 버전으로 되돌리기
                  </ConfirmButton>
                ),
            }}
          />
          <AdminForm
            id={restoreFormId}
            contentType={contentType}
            label={`${what} 되돌리기`}
            hidden={{ intent: "restore", id: panel.subject, version }}
          >
            {() => null}
          </AdminForm>
        </>
      )}
      {comparison && <ComparisonView comparison={comparison} revisions={revisions} />}
    </FormSection>
  );
}

/** A radio button that picks a revision as the older ("from") or newer ("to") side of a comparison. */
function CompareChoice({
  end,
  revision,
  form,
  checked,
}: {
  end: "from" | "to";
  revision: RevisionEntry;
  form: string;
  checked: boolean;
}) {
  return (
    <td>
      <input
        type="radio"
        name={end}
        value={revision.id}
        form={form}
        defaultChecked={checked}
        aria-label={`${savedAt(revision)} 버전을 ${end === "from" ? "이전" : "이후"}으로 비교`}
      />
    </td>
  );
}

function restoreMessage(note: string | undefined) {
  return (
    <>
      <p>그 버전의 내용이 새 버전으로 저장되고 공개 페이지에 바로 반영됩니다.</p>
      {note && <p>{note}</p>}
      <p>지금 내용도 변경 기록에 남아 있어 언제든 다시 되돌릴 수 있습니다.</p>
    </>
  );
}

function ComparisonView({
  comparison,
  revisions,
}: {
  comparison: NonNullable<RevisionPanel["comparison"]>;
  revisions: RevisionEntry[];
}) {
  const named = (revisionId: string) => {
    const revision = revisions.find((entry) => entry.id === revisionId);
    return revision ? `${savedAt(revision)} (${revision.actor || "기록 이전"})` : "예전";
  };
  const title = `${named(comparison.from)} 버전과 ${named(comparison.to)} 버전 비교`;
  return (
    <section className={styles.comparison} aria-label={title}>
      <h3 className={styles.comparisonTitle}>{title}</h3>
      {!comparison.ok ? (
        <p>{comparison.message}</p>
      ) : !comparison.changed ? (
        <p>두 버전의 내용이 같습니다.</p>
      ) : (
        <>
          <p className={styles.summary}>{changeSummary(comparison.changes)}</p>
          <WordDiff parts={comparison.parts} />
        </>
      )}
    </section>
  );
}
