import type { ComponentProps, ReactNode } from "react";
import { AdminForm, type AdminFormState } from "#app/components/admin/AdminForm.tsx";
import { FormActions } from "#app/components/admin/FormField.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import type { FieldRules } from "#shared/field-rules.ts";
import type { WriteResult } from "#shared/write-result.ts";

/**
 * The form that adds a record to an admin list (intent "create" unless said otherwise). It is
 * emptied after a save and keeps the answer above it, so several records can be added in a row.
 */
export function AddItemForm({
  contentType,
  label,
  submitLabel,
  intent = "create",
  hidden = {},
  prepare,
  rules,
  onSaved,
  children,
}: {
  contentType: string;
  /** The form's accessible name, e.g. "새 게시물 추가". */
  label: string;
  /** The button's text, e.g. "게시물 추가". */
  submitLabel: string;
  intent?: string;
  hidden?: Record<string, string>;
  prepare?: ComponentProps<typeof AdminForm>["prepare"];
  rules?: FieldRules;
  /** After a save, with the answer (whose data may name the new record, e.g. to open it) and the form sent. */
  onSaved?: (result: WriteResult, form: FormData) => void;
  children: (state: AdminFormState) => ReactNode;
}) {
  return (
    <AdminForm
      contentType={contentType}
      prepare={prepare}
      rules={rules}
      onSaved={onSaved}
      resetOnSuccess
      label={label}
      hidden={{ intent, ...hidden }}
    >
      {(state) => (
        <>
          {children(state)}
          <FormActions>
            <Button type="submit" disabled={state.busy}>
              {state.busy ? "보내는 중…" : submitLabel}
            </Button>
          </FormActions>
        </>
      )}
    </AdminForm>
  );
}
