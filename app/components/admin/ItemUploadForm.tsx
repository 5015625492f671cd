import type { ReactNode } from "react";
import type { WriteResult } from "../../../shared/write-result.ts";
import { compressImageFields } from "../../lib/uploads/prepare-images.ts";
import { Button } from "../ui/Button.tsx";
import { AdminForm } from "./AdminForm.tsx";
import { FormActions } from "./FormField.tsx";

interface ItemUploadFormProps {
  /** The upload endpoint (intent "create" or "update"). */
  action: string;
  /** File fields holding images, compressed in the browser before sending. */
  images: string[];
  label: string;
  /** The item edited, at the version shown; without it the form adds a new item. */
  item?: { id: string; version: number };
  /** The add button's text, e.g. "활동 추가"; an edit saves with "저장". */
  submitLabel?: string;
  onSaved?: (result: WriteResult<unknown>) => void;
  /** The fields, with the errors of the last answer. */
  children: (errors: Record<string, string>) => ReactNode;
}

/**
 * The form that adds or edits one item of an admin list with files: sent as multipart with its
 * images compressed first and the progress shown. An add form is emptied after a save.
 */
export function ItemUploadForm({
  action,
  images,
  label,
  item,
  submitLabel = "추가",
  onSaved,
  children,
}: ItemUploadFormProps) {
  return (
    <AdminForm
      action={action}
      upload
      prepare={compressImageFields(images)}
      resetOnSuccess={!item}
      resetKey={item?.version}
      onSaved={onSaved}
      label={label}
    >
      {({ fieldErrors, busy }) => (
        <>
          <input type="hidden" name="intent" value={item ? "update" : "create"} />
          {item && (
            <>
              <input type="hidden" name="id" value={item.id} />
              <input type="hidden" name="version" value={item.version} />
            </>
          )}
          {children(fieldErrors)}
          <FormActions>
            <Button type="submit" disabled={busy}>
              {busy ? "보내는 중…" : item ? "저장" : submitLabel}
            </Button>
          </FormActions>
        </>
      )}
    </AdminForm>
  );
}
