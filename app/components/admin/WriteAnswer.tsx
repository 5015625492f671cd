import { useEffect, useRef } from "react";
import type { WriteResult } from "#shared/write-result.ts";
import { Notice } from "./Notice.tsx";
import styles from "./WriteAnswer.module.css";

/**
 * The last answer of writes sent with `useAdminWrite` outside an AdminForm (a table's row
 * buttons), brought into view where the manager is working.
 */
export function WriteAnswer({ answer }: { answer: WriteResult | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer) ref.current?.scrollIntoView({ block: "nearest" });
  }, [answer]);
  return (
    <div ref={ref} className={styles.answer}>
      {answer && <Notice tone={answer.ok ? "success" : "error"} title={answer.message} />}
    </div>
  );
}
