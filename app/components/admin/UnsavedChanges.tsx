import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useBlocker } from "react-router";
import surface from "#app/components/section/Surface.module.css";
import { Button } from "#app/components/ui/Button.tsx";
import styles from "./AdminForm.module.css";

interface UnsavedChangesValue {
  /** Marks one form (by its id) as edited but not saved, or clears it. */
  setDirty: (formId: string, dirty: boolean) => void;
}

const UnsavedChangesContext = createContext<UnsavedChangesValue>({ setDirty: () => {} });

/**
 * Watches every admin form on the page: while any has unsaved changes, leaving the page inside
 * the site asks first, and closing or reloading the tab makes the browser ask. One guard for the
 * whole area, because the router supports a single navigation blocker at a time.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(new Set());
  const setDirty = useCallback((formId: string, dirty: boolean) => {
    setDirtyForms((current) => {
      if (current.has(formId) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(formId);
      else next.delete(formId);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ setDirty }), [setDirty]);
  const hasChanges = dirtyForms.size > 0;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasChanges && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!hasChanges) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [hasChanges]);

  return (
    <UnsavedChangesContext.Provider value={value}>
      {children}
      {blocker.state === "blocked" && (
        <LeaveDialog
          onStay={() => blocker.reset()}
          onLeave={() => {
            setDirtyForms(new Set());
            blocker.proceed();
          }}
        />
      )}
    </UnsavedChangesContext.Provider>
  );
}

export function useUnsavedChanges(): UnsavedChangesValue {
  return useContext(UnsavedChangesContext);
}

function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`${surface.floating} ${styles.dialog}`}
      aria-labelledby="leave-title"
      onCancel={onStay}
    >
      <h2 id="leave-title" className={styles.dialogTitle}>
        저장하지 않은 변경 사항이 있습니다
      </h2>
      <p>이 페이지를 떠나면 입력한 내용이 사라집니다. 그래도 떠날까요?</p>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onStay}>
          계속 편집하기
        </Button>
        <Button variant="danger" onClick={onLeave}>
          저장하지 않고 떠나기
        </Button>
      </div>
    </dialog>
  );
}
