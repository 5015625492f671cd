import { useEffect, useId, useRef } from "react";
import { Button } from "#app/components/ui/Button.tsx";
import dialogStyles from "./ConfirmButton.module.css";
import styles from "./SignInDialog.module.css";

/** The sign-in page; anything else the frame lands on means the manager is signed in again. */
const SIGN_IN_PAGE = "/admin/login";

interface SignInDialogProps {
  open: boolean;
  /** The frame left the sign-in pages: a new session cookie is set. */
  onSignedIn: () => void;
  onClose: () => void;
}

/**
 * Signing in again without leaving the page, when a save finds the session gone: a modal dialog
 * holding the real sign-in page in a frame (the same steps, second factors and passkeys
 * included, and the same limits), so what the manager typed stays where it is. The site allows
 * only its own pages to frame it.
 */
export function SignInDialog({ open, onSignedIn, onClose }: SignInDialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // The sign-in page moves on by client-side navigation (no load event), so the frame's address
  // is looked at a few times a second while the dialog is open.
  const frameRef = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (!open) return;
    const timer = window.setInterval(() => {
      let path = "";
      try {
        path = frameRef.current?.contentWindow?.location.pathname ?? "";
      } catch {
        return;
      }
      if (path && path !== "blank" && !path.startsWith(SIGN_IN_PAGE)) {
        window.clearInterval(timer);
        onSignedIn();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [open, onSignedIn]);

  return (
    <dialog
      ref={ref}
      className={`${dialogStyles.dialog} ${styles.dialog}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className={dialogStyles.title}>
        다시 로그인해 주세요
      </h2>
      <div className={dialogStyles.message}>
        <p>
          로그인이 필요한 서비스입니다. 로그인 시간이 지나 저장하지 못했지만, 입력한 내용은 화면에 그대로 있습니다.
          아래에서 로그인하면 멈춘 저장을 이어서 합니다.
        </p>
      </div>
      {open && <iframe ref={frameRef} className={styles.frame} title="관리자 로그인" src={SIGN_IN_PAGE} />}
      <div className={dialogStyles.actions}>
        <Button variant="ghost" size="sm" onClick={onClose}>
          닫기
        </Button>
      </div>
    </dialog>
  );
}
