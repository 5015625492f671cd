import type { ReactNode } from "react";
import { formatDateTime } from "#shared/dates.ts";
import styles from "./DataTable.module.css";

interface DataTableProps {
  /** Names the table for assistive technology; shown unless `hideCaption`. */
  caption: string;
  hideCaption?: boolean;
  /** The table's <thead> and <tbody>. */
  children: ReactNode;
}

/**
 * A dense table that scrolls sideways on narrow screens instead of squeezing its columns. The
 * scrolling region is focusable, so keyboard users can scroll it too.
 */
export function DataTable({ caption, hideCaption = false, children }: DataTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable for keyboard users
    <section className={styles.scroller} aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className={hideCaption ? "visually-hidden" : styles.caption}>{caption}</caption>
        {children}
      </table>
    </section>
  );
}

/**
 * Records in a DataTable: a heading for each column, then a row for each record with its cells;
 * with `action`, a last cell of its own (ending a session, deleting a passkey) under a heading
 * only screen readers hear.
 */
export function RecordTable<Item extends { id: string }>({
  caption,
  items,
  columns,
  cells,
  action,
}: {
  caption: string;
  items: Item[];
  columns: string[];
  /** A record's cells, one for each of `columns`. */
  cells: (item: Item) => ReactNode;
  action?: { label: string; cell: (item: Item) => ReactNode };
}) {
  return (
    <DataTable caption={caption} hideCaption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          {action && (
            <th scope="col">
              <span className="visually-hidden">{action.label}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            {cells(item)}
            {action && <td data-nowrap>{action.cell(item)}</td>}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** A small label in a table cell: a category, a state. */
export function Badge({
  tone = "neutral",
  children,
}: {
  tone?: "neutral" | "brand" | "success" | "warning" | "danger";
  children: ReactNode;
}) {
  return (
    <span className={styles.badge} data-tone={tone}>
      {children}
    </span>
  );
}

/** A cell with a date and time ("2026. 11. 22. 19:00"), or `empty` when there is none. */
export function TimeCell({ at, empty = "" }: { at: string | null | undefined; empty?: string }) {
  return (
    <td data-nowrap data-mono>
      {at ? <time dateTime={at}>{formatDateTime(at)}</time> : empty}
    </td>
  );
}
