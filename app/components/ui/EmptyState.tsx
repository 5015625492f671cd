import type { ReactNode } from "react";
import styles from "./EmptyState.module.css";

/** What a list shows when it has nothing to show: a short title, a hint and maybe an action. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.empty} role="status">
      <p className={styles.prompt} aria-hidden="true">
        &gt;_
      </p>
      <p className={styles.title}>{title}</p>
      {children && <div className={styles.hint}>{children}</div>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
