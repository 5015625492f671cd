import type { ReactNode } from "react";
import styles from "./PageHeader.module.css";

interface PageHeaderProps {
  title: string;
  /** One or two sentences on what the page is for. */
  description?: ReactNode;
  /** A short label above the title, e.g. the section: "콘텐츠". */
  eyebrow?: string | undefined;
  /** The page's primary actions (buttons or links), placed at the end of the header. */
  actions?: ReactNode;
}

/** The top of every admin page: its one h1, what the page is for and its main actions. */
export function PageHeader({ title, description, eyebrow, actions }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.text}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {description && <div className={styles.description}>{description}</div>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
