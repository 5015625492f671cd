import type { RecentChange } from "#server/domain/dashboard/recent-changes.ts";
import { auditCategories } from "#shared/audit-categories.ts";
import { formatDateTime } from "#shared/dates.ts";
import { Badge } from "../DataTable.tsx";
import styles from "./ActivityList.module.css";

/** The latest content changes in a few lines; the full log, with filters, is further down. */
export function RecentChanges({ changes, days }: { changes: RecentChange[]; days: number }) {
  return (
    <>
      {changes.length === 0 ? (
        <p className={styles.empty}>최근 {days}일 동안 바뀐 콘텐츠가 없습니다.</p>
      ) : (
        <ol className={styles.list}>
          {changes.map((change) => (
            <li key={change.id} className={styles.item}>
              <span className={styles.main}>
                <Badge tone="brand">{auditCategories[change.category] ?? change.category}</Badge> {change.content}
              </span>
              <span className={styles.meta}>
                <time dateTime={change.time}>{formatDateTime(change.time)}</time> ·{" "}
                {change.actor === "system" ? "시스템" : change.actor}
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className={styles.more}>
        <a href="#log">관리 기록 모두 보기</a>
      </p>
    </>
  );
}
