import { type ReactNode, useId } from "react";
import styles from "./TitledSection.module.css";

/**
 * One part of an admin page (the dashboard's, the account pages'): a heading that names it, a
 * word on what it shows, then its content. A page spaces the parts with `className`.
 */
export function TitledSection({
  id,
  className,
  title,
  intro,
  children,
}: {
  id?: string;
  className?: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={className} id={id}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  );
}
