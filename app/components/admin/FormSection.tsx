import type { ReactNode } from "react";
import { Button } from "#app/components/ui/Button.tsx";
import { type FormProgress, ProgressBar } from "./AdminForm.tsx";
import styles from "./FormSection.module.css";

/** A titled part of a long admin form, e.g. "자주 묻는 질문" on the admissions page. */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        {description && <div className={styles.description}>{description}</div>}
      </div>
      {children}
    </section>
  );
}

/**
 * The save button of a long form, kept in view at the bottom of the screen while the form is
 * scrolled, with a line on where the change shows.
 */
export function SaveBar({ busy, progress, note }: { busy: boolean; progress: FormProgress | null; note: ReactNode }) {
  return (
    <div className={styles.saveBar}>
      {progress ? (
        <div className={styles.note}>
          <ProgressBar progress={progress} />
        </div>
      ) : (
        <p className={styles.note}>{note}</p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? "저장하는 중…" : "저장"}
      </Button>
    </div>
  );
}
