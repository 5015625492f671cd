import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import type { AuditEntry } from "#server/domain/audit-log/audit-log.ts";
import { auditCategories, auditTypes } from "#shared/audit-categories.ts";
import styles from "./AuditTable.module.css";
import { Badge, DataTable } from "./DataTable.tsx";

interface AuditTableProps {
  caption: string;
  entries: AuditEntry[];
  emptyText: string;
}

/** Audit-log entries, newest first: time, category, outcome, what happened and who did it. */
export function AuditTable({ caption, entries, emptyText }: AuditTableProps) {
  if (entries.length === 0) return <EmptyState title={emptyText} />;
  return (
    <DataTable caption={caption} hideCaption>
      <thead>
        <tr>
          <th scope="col">시간</th>
          <th scope="col">분류</th>
          <th scope="col">결과</th>
          <th scope="col">내용</th>
          <th scope="col">작업자</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td data-nowrap data-mono>
              <time dateTime={entry.time}>{formatDateTime(entry.time)}</time>
            </td>
            <td data-nowrap>
              <Badge tone="brand">{auditCategories[entry.category] ?? entry.category}</Badge>
            </td>
            <td data-nowrap>
              <Badge tone={entry.type === "failure" ? "danger" : "success"}>{auditTypes[entry.type]}</Badge>
            </td>
            <td className={styles.content}>
              {entry.content}
              {entry.error && <span className={styles.error}>{entry.error}</span>}
            </td>
            <td data-mono className={styles.actor}>
              {entry.actor === "system" ? "시스템" : entry.actor}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
