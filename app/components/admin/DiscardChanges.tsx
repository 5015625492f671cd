import { useId, useRef } from "react";
import { Button } from "#app/components/ui/Button.tsx";
import { ConfirmDialog } from "./ConfirmButton.tsx";

/**
 * For an edit form that opens in place: closing it asks first when something was typed in it
 * (AdminForm marks such a form `data-edited`), and closes at once when nothing was.
 */
export function useDiscardConfirmation(discard: () => void) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const request = (form: HTMLFormElement | null | undefined) => {
    if (form?.hasAttribute("data-edited")) dialogRef.current?.showModal();
    else discard();
  };
  const dialog = (
    <ConfirmDialog
      dialogRef={dialogRef}
      id={`${id}-discard`}
      title="입력한 내용을 버릴까요?"
      message={<p>저장하지 않은 변경 사항은 사라집니다.</p>}
      confirm={
        <Button
          variant="danger"
          size="sm"
          onClick={() => {
            dialogRef.current?.close();
            discard();
          }}
        >
          버리고 닫기
        </Button>
      }
      onCancel={() => dialogRef.current?.close()}
    />
  );
  return { request, dialog };
}
