import type { ReactNode } from "react";
import { PromptMark } from "#app/components/brand/PromptMark.tsx";
import styles from "./SectionHeading.module.css";

interface SectionHeadingProps {
  /** The id the section's aria-labelledby points to. */
  id: string;
  /** A short English label in the mono accent, e.g. "About". */
  eyebrow: string;
  title: string;
  children?: ReactNode;
  /** Light text for a section on a dark band. */
  inverted?: boolean;
  level?: 1 | 2;
}

/** The heading of a content section: a mono eyebrow with a prompt, a title and a lead. */
export function SectionHeading({ id, eyebrow, title, children, inverted = false, level = 2 }: SectionHeadingProps) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div className={styles.heading} data-inverted={inverted || undefined}>
      <p className={styles.eyebrow}>
        <PromptMark className={styles.prompt} />
        {eyebrow}
      </p>
      <Heading id={id} className={styles.title}>
        {title}
      </Heading>
      {children && <div className={styles.lead}>{children}</div>}
    </div>
  );
}
