import { type ComponentProps, type ReactNode, useCallback, useState } from "react";
import type { WriteResult } from "../../../shared/write-result.ts";
import { isRemoval } from "../../lib/admin/removal.ts";
import { Button } from "../ui/Button.tsx";
import { AdminForm, type AdminFormState } from "./AdminForm.tsx";
import { ConfirmButton } from "./ConfirmButton.tsx";
import { useDiscardConfirmation } from "./DiscardChanges.tsx";
import styles from "./EditableRow.module.css";
import { FormActions } from "./FormField.tsx";
import { Notice } from "./Notice.tsx";

interface EditableRowProps {
  action: string;
  upload?: boolean;
  prepare?: ComponentProps<typeof AdminForm>["prepare"];
  /** The record's version: after a save the row shows the saved values. */
  version: number;
  /** Values that name the record for the action: its id and version, and so on. */
  hidden: Record<string, string>;
  /** What the closed row shows. */
  summary: ReactNode;
  /** The record as buttons name it for screen readers, e.g. "'파이썬 기초' 세션". */
  label: string;
  updateIntent: string;
  removeIntent: string;
  /** The confirmation's question, e.g. "'파이썬 기초' 세션을 삭제할까요?". */
  removeTitle: string;
  removeMessage: ReactNode;
  /** Called with the answer's message once the record is deleted (the row goes with it). */
  onRemoved?: ((message: string) => void) | undefined;
  /** Called after a successful save (not a deletion) with the server's answer. */
  onSaved?: ((result: WriteResult<unknown>) => void) | undefined;
  /** The edit form's fields; the row adds the save, cancel and delete buttons. */
  fields: (state: AdminFormState) => ReactNode;
  /** Open the editor at once (a record created empty, waiting to be filled in). */
  startEditing?: boolean;
  /**
   * More submit buttons for the open editor (e.g. "사진 삭제"), placed after "저장" so that Enter
   * in a field still saves.
   */
  editActions?: (state: AdminFormState) => ReactNode;
}

/**
 * One record of an admin list: its summary with "수정" and "삭제", and an edit form that opens in
 * place. Save and delete go through one AdminForm (answers, conflicts, unsaved changes). The save
 * button comes before the delete button in the form, so Enter in a field saves.
 */
export function EditableRow({
  action,
  upload,
  prepare,
  version,
  hidden,
  summary,
  label,
  updateIntent,
  removeIntent,
  removeTitle,
  removeMessage,
  onRemoved,
  onSaved,
  fields,
  startEditing = false,
  editActions,
}: EditableRowProps) {
  const [editing, setEditing] = useState(startEditing);
  // A new key drops what was typed (and the form's unsaved-changes mark) when editing is cancelled.
  const [formKey, setFormKey] = useState(0);
  const cancel = useDiscardConfirmation(() => {
    setEditing(false);
    setFormKey((key) => key + 1);
  });
  const remove = (busy: boolean) => (
    <ConfirmButton
      title={removeTitle}
      message={removeMessage}
      name="intent"
      value={removeIntent}
      disabled={busy}
    >
      삭제
    </ConfirmButton>
  );

  return (
    <AdminForm
      key={formKey}
      action={action}
      upload={upload}
      prepare={prepare}
      resetKey={version}
      label={label}
      className={styles.row}
      onSaved={(result) => {
        if (isRemoval(result.data)) {
          onRemoved?.(result.message);
          return;
        }
        setEditing(false);
        onSaved?.(result);
      }}
    >
      {(state) => (
        <>
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className={styles.head}>
            <div className={styles.summary}>{summary}</div>
            {!editing && (
              <div className={styles.actions}>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`${label} 수정`}
                  onClick={() => setEditing(true)}
                >
                  수정
                </Button>
                {remove(state.busy)}
              </div>
            )}
          </div>
          {editing && (
            <div className={styles.editor}>
              {fields(state)}
              <FormActions>
                <Button type="submit" name="intent" value={updateIntent} disabled={state.busy}>
                  {state.busy ? "저장하는 중…" : "저장"}
                </Button>
                <Button
                  variant="ghost"
                  onClick={(event) => cancel.request(event.currentTarget.form)}
                  disabled={state.busy}
                >
                  취소
                </Button>
                {cancel.dialog}
                {editActions?.(state)}
                <span className={styles.spacer} />
                {remove(state.busy)}
              </FormActions>
            </div>
          )}
        </>
      )}
    </AdminForm>
  );
}

/**
 * A message about a record that left the list (deleted, or moved to another list), shown above
 * the list because the record's own row, with its answer, is gone. Pass `announce` to the rows.
 */
export function useListNotice() {
  const [message, setMessage] = useState<string | null>(null);
  const announce = useCallback((text: string) => setMessage(text), []);
  const notice = message ? <Notice tone="success" title={message} /> : null;
  return { announce, notice };
}

/**
 * What a closed row shows: an optional picture and line above (a date, a state), the record's
 * title, and a line of details (the first one stands out, the rest are muted and cut to fit).
 */
export function RowSummary({
  title,
  kicker,
  details = [],
  media,
}: {
  title: string;
  kicker?: ReactNode;
  details?: (string | false | undefined)[];
  media?: ReactNode;
}) {
  const shown = details.filter((detail): detail is string => Boolean(detail));
  return (
    <div className={styles.rowSummary}>
      {media}
      <div className={styles.rowText}>
        {kicker && <p className={styles.kicker}>{kicker}</p>}
        <p className={styles.title}>{title}</p>
        {shown.length > 0 && (
          <p className={styles.details}>
            {shown.map((detail) => (
              <span key={detail} className={styles.detail}>
                {detail}
              </span>
            ))}
          </p>
        )}
      </div>
    </div>
  );
}
