import type { ReactNode } from "react";
import styles from "./PageSection.module.css";

/**
 * A full-width content section with the site's vertical rhythm; `band` sets it on the tinted
 * background that separates it from its neighbours.
 */
export function PageSection({
  labelledBy,
  band = false,
  children,
}: {
  /** The id of the section's heading. */
  labelledBy: string;
  band?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={band ? `${styles.section} ${styles.band}` : styles.section} aria-labelledby={labelledBy}>
      <div className="container">{children}</div>
    </section>
  );
}
