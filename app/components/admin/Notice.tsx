import type { ReactNode } from "react";
import styles from "./Notice.module.css";

interface NoticeProps {
  tone: "success" | "error" | "info";
  title?: string | undefined;
  children?: ReactNode;
}

/**
 * A message after an action: success and information are a polite status, failures an alert
 * that screen readers announce at once.
 */
export function Notice({ tone, title, children }: NoticeProps) {
  return (
    <div className={styles.notice} data-tone={tone} role={tone === "error" ? "alert" : "status"}>
      <span className={styles.mark} />
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div className={styles.text}>{children}</div>}
      </div>
    </div>
  );
}
