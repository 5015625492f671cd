import type { ReactNode } from "react";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { RecordTable, TimeCell } from "./DataTable.tsx";

/**
 * Logged events newest first (the audit log, the refused sign-ins): a column for the time of
 * each, then the columns the log names; an empty state when there are none.
 */
export function LogTable<Entry extends { id: string; time: string }>({
  caption,
  entries,
  emptyText,
  columns,
  cells,
}: {
  caption: string;
  entries: Entry[];
  emptyText: string;
  /** The headings of the columns after the time. */
  columns: string[];
  /** An entry's cells after its time, one for each of `columns`. */
  cells: (entry: Entry) => ReactNode;
}) {
  if (entries.length === 0) return <EmptyState title={emptyText} />;
  return (
    <RecordTable
      caption={caption}
      items={entries}
      columns={["시간", ...columns]}
      cells={(entry) => (
        <>
          <TimeCell at={entry.time} />
          {cells(entry)}
        </>
      )}
    />
  );
}
