import { type ReactNode, type RefObject, useId, useRef } from "react";
import { Button, type ButtonVariant } from "#app/components/ui/Button.tsx";
import styles from "./ConfirmButton.module.css";

interface ConfirmButtonProps {
  /** The button's text, e.g. "삭제". */
  children: ReactNode;
  /** The question in the dialog, e.g. "'해커톤 후기' 게시글을 삭제할까요?". */
  title: string;
  /** What will happen, and whether it can be undone. */
  message: ReactNode;
  /** The confirming button's text; defaults to the button's own text. */
  confirmLabel?: string;
  /** Sent with the form when confirmed, so one form can hold several actions. */
  name?: string;
  value?: string;
  /** The form to submit, when the button is not inside it. */
  form?: string;
  /**
   * Runs in the page instead of submitting a form, for a change that is saved later with the
   * rest of the form (a row removed from a list).
   */
  onConfirm?: () => void;
  variant?: ButtonVariant;
  size?: "sm" | "md";
  disabled?: boolean;
}

/**
 * A button that asks before a destructive action. It opens a native modal <dialog> (focus stays
 * inside, Escape cancels); its confirming button submits the surrounding form. Invoker commands
 * open and close the dialog before the page's script has loaded; the click handlers cover
 * browsers without them.
 */
export function ConfirmButton({
  children,
  title,
  message,
  confirmLabel,
  name,
  value,
  form,
  onConfirm,
  variant = "danger",
  size = "sm",
  disabled,
}: ConfirmButtonProps) {
  const id = useId();
  const dialogId = `${id}-dialog`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const supportsCommands = () => typeof HTMLButtonElement !== "undefined" && "command" in HTMLButtonElement.prototype;

  return (
    <>
      <Button
        variant={variant}
        size={size}
        disabled={disabled}
        aria-haspopup="dialog"
        {...{ commandfor: dialogId, command: "show-modal" }}
        onClick={() => {
          if (!supportsCommands()) dialogRef.current?.showModal();
        }}
      >
        {children}
      </Button>
      <ConfirmDialog
        dialogRef={dialogRef}
        id={dialogId}
        title={title}
        message={message}
        cancel={{ commandfor: dialogId, command: "close" }}
        confirm={
          <Button
            type={onConfirm ? "button" : "submit"}
            variant={variant}
            size="sm"
            name={name}
            value={value}
            form={form}
            onClick={() => {
              dialogRef.current?.close();
              onConfirm?.();
            }}
          >
            {confirmLabel ?? children}
          </Button>
        }
        onCancel={() => {
          if (!supportsCommands()) dialogRef.current?.close();
        }}
      />
    </>
  );
}

interface ConfirmDialogProps {
  dialogRef: RefObject<HTMLDialogElement | null>;
  id: string;
  title: string;
  message: ReactNode;
  /** The button that goes ahead. */
  confirm: ReactNode;
  /** Invoker-command attributes for the cancel button, when the dialog is opened by one. */
  cancel?: Record<string, string>;
  onCancel: () => void;
}

/**
 * The modal question behind a ConfirmButton, also opened by script where asking depends on the
 * moment (closing a form only when something was typed in it). "취소" has the focus.
 */
export function ConfirmDialog({ dialogRef, id, title, message, confirm, cancel, onCancel }: ConfirmDialogProps) {
  return (
    <dialog
      ref={dialogRef}
      id={id}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      <div id={`${id}-message`} className={styles.message}>
        {message}
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" autoFocus {...cancel} onClick={onCancel}>
          취소
        </Button>
        {confirm}
      </div>
    </dialog>
  );
}
