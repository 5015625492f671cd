import { type ComponentProps, type ReactNode, useId, useState } from "react";
import { AdminForm, type AdminFormState } from "#app/components/admin/AdminForm.tsx";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { useDiscardConfirmation } from "#app/components/admin/DiscardChanges.tsx";
import { FormActions } from "#app/components/admin/FormField.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import type { FieldRules } from "#shared/field-rules.ts";
import type { WriteResult } from "#shared/write-result.ts";
import styles from "./ItemRow.module.css";
import { RowSummary, type RowSummaryProps } from "./RowSummary.tsx";

export interface ItemRowProps {
  /** The content type whose endpoint saves and deletes the record. */
  contentType: string;
  id: string;
  /** The version the row shows: sent with every change, and the fields show it again after one. */
  version: number;
  /** More values the commands need (the list a record belongs to, …). */
  hidden?: Record<string, string>;
  /** What the closed row shows; its title is the row's heading and name. */
  summary: RowSummaryProps;
  /** The record as buttons name it for screen readers, e.g. "'파이썬 기초' 세션". */
  label: string;
  /** The confirmation's question, e.g. "'파이썬 기초' 세션을 삭제할까요?". */
  removeTitle: string;
  /** What deleting also removes, and that it cannot be undone. */
  removeMessage: ReactNode;
  /** The commands of the row's form (default "update" and "delete"). */
  intents?: { update?: string; remove?: string };
  /** The limits of the fields, from the server's schema. */
  rules?: FieldRules;
  /** Runs before sending, e.g. compressing pictures (see AdminForm). */
  prepare?: ComponentProps<typeof AdminForm>["prepare"];
  /** The edit form's fields; the row adds save, cancel and delete. */
  fields: (state: AdminFormState) => ReactNode;
  /** More submit buttons for the open editor (e.g. "사진 삭제"), after "저장". */
  editActions?: (state: AdminFormState) => ReactNode;
  /** Open the editor at once (a record created empty, waiting to be filled in). */
  startEditing?: boolean;
  /** The deleted row is gone with its answer: the list announces it (ItemList's `announce`). */
  onRemoved: (message: string) => void;
  onSaved?: (result: WriteResult) => void;
}

/**
 * One record of an admin list: its summary with "수정" and "삭제", and its form opening in place.
 * Save and delete go through one AdminForm to the content type's endpoint; "저장" comes before
 * "삭제" in the form, so Enter in a field saves. Closing a form with typing in it asks first.
 */
export function ItemRow({
  contentType,
  id,
  version,
  hidden = {},
  summary,
  label,
  removeTitle,
  removeMessage,
  intents = {},
  prepare,
  rules,
  fields,
  editActions,
  startEditing = false,
  onRemoved,
  onSaved,
}: ItemRowProps) {
  const update = intents.update ?? "update";
  const remove = intents.remove ?? "delete";
  const [editing, setEditing] = useState(startEditing);
  const editorId = useId();
  const titleId = useId();
  // A new key drops what was typed (and the form's unsaved-changes mark) when editing is cancelled.
  const [formKey, setFormKey] = useState(0);
  const cancel = useDiscardConfirmation(() => {
    setEditing(false);
    setFormKey((key) => key + 1);
  });
  const removeButton = (busy: boolean) => (
    <ConfirmButton title={removeTitle} message={removeMessage} name="intent" value={remove} disabled={busy}>
      삭제
    </ConfirmButton>
  );

  return (
    <article className={styles.row} aria-labelledby={titleId}>
      <AdminForm
        key={formKey}
        contentType={contentType}
        prepare={prepare}
        rules={rules}
        resetKey={version}
        hidden={{ id, version, ...hidden }}
        label={`${label} 수정`}
        onSaved={(result, form) => {
          if (form.get("intent") === remove) {
            onRemoved(result.message);
            return;
          }
          setEditing(false);
          onSaved?.(result);
        }}
      >
        {(state) => (
          <>
            <div className={styles.head}>
              <div className={styles.summary}>
                <RowSummary {...summary} headingId={titleId} />
              </div>
              {!editing && (
                <div className={styles.actions}>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${label} 수정`}
                    aria-expanded={false}
                    aria-controls={editorId}
                    onClick={() => setEditing(true)}
                  >
                    수정
                  </Button>
                  {removeButton(state.busy)}
                </div>
              )}
            </div>
            <div id={editorId} className={styles.editor} hidden={!editing}>
              {editing && (
                <>
                  {fields(state)}
                  <FormActions>
                    <Button type="submit" name="intent" value={update} disabled={state.busy}>
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
                    {removeButton(state.busy)}
                  </FormActions>
                </>
              )}
            </div>
          </>
        )}
      </AdminForm>
    </article>
  );
}
