import type { AuditEntry } from "#server/domain/audit-log/audit-log.ts";
import { auditCategories, auditTypes } from "#shared/audit-categories.ts";
import styles from "./AuditTable.module.css";
import { Badge } from "./DataTable.tsx";
import { LogTable } from "./LogTable.tsx";

interface AuditTableProps {
  caption: string;
  entries: AuditEntry[];
  emptyText: string;
}

/** Audit-log entries, newest first: time, category, outcome, what happened and who did it. */
export function AuditTable({ caption, entries, emptyText }: AuditTableProps) {
  return (
    <LogTable
      caption={caption}
      entries={entries}
      emptyText={emptyText}
      columns={["분류", "결과", "내용", "작업자"]}
      cells={(entry) => (
        <>
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
        </>
      )}
    />
  );
}
