import styles from "./RecruitingState.module.css";

/** Whether the club takes applications now: a status light and a heading that says it in words. */
export function RecruitingState({ open, headingId }: { open: boolean; headingId: string }) {
  return (
    <div className={styles.state} data-open={open || undefined}>
      <p className={styles.label} lang="en">
        <span className={styles.light} aria-hidden="true" />
        {open ? "Now Recruiting" : "Closed"}
      </p>
      <h2 id={headingId} className={styles.title}>
        {open ? "지금 모집 중입니다" : "모집이 마감되었습니다"}
      </h2>
    </div>
  );
}
