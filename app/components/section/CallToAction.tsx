import type { ReactNode } from "react";
import styles from "./CallToAction.module.css";

/** The closing panel of a page: where to go next, with one or two buttons. */
export function CallToAction({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className="container" aria-labelledby={id}>
      <div className={styles.panel}>
        <div>
          <h2 id={id} className={styles.title}>
            {title}
          </h2>
          {children && <div className={styles.text}>{children}</div>}
        </div>
        <div className={styles.actions}>{actions}</div>
      </div>
    </section>
  );
}
