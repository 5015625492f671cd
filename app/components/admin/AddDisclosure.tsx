import { type ReactNode, useState } from "react";
import styles from "./AddDisclosure.module.css";

/**
 * A form to add something, folded under a "+ …" button so a list stays calm. It stays open after
 * an addition (with the answer shown), so several items can be added one after another.
 */
export function AddDisclosure({
  summary,
  defaultOpen = false,
  children,
}: {
  /** What the button says, e.g. "세션 추가". */
  summary: string;
  /** Open at first (a list that is still empty); afterwards it stays as the manager leaves it. */
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  // Read once: after that the element keeps whatever state the manager gave it.
  const [openAtFirst] = useState(defaultOpen);
  return (
    <details className={styles.add} open={openAtFirst}>
      <summary className={styles.summary}>{summary}</summary>
      <div className={styles.body}>{children}</div>
    </details>
  );
}
