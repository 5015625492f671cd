import type { ReactNode } from "react";
import { formatDayLabel, monthWeeks, weekdays, type YearMonth } from "#shared/dates.ts";
import styles from "./MonthGrid.module.css";

interface MonthGridProps {
  yearMonth: YearMonth;
  /** Read by screen readers as the table's name, e.g. "2026년 11월 일정". */
  caption: string;
  /** Today's date ("YYYY-MM-DD"), marked when it falls in the month. */
  today?: string | undefined;
  /** "events": tall days with room for entries; "compact": a plain date grid. */
  variant: "events" | "compact";
  /** What a day shows under its number. */
  renderDay?: (date: string) => ReactNode;
  className?: string | undefined;
}

/** A month as a table: weekday headers from Sunday to Saturday, one row per week. */
export function MonthGrid({ yearMonth, caption, today, variant, renderDay, className }: MonthGridProps) {
  const weeks = monthWeeks(yearMonth);
  return (
    <table className={[styles.grid, className].filter(Boolean).join(" ")} data-variant={variant}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {weekdays.map((weekday, index) => (
            <th key={weekday.short} scope="col" abbr={weekday.long} data-weekday={index}>
              {weekday.short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, weekIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a week has no identity beyond its row
          <tr key={weekIndex}>
            {week.map((date, dayIndex) =>
              date ? (
                <td key={date} data-weekday={dayIndex} aria-current={date === today ? "date" : undefined}>
                  <span className={styles.dayNumber}>
                    <span aria-hidden="true">{Number(date.slice(8))}</span>
                    <span className="visually-hidden">
                      {formatDayLabel(date)}
                      {date === today ? " 오늘" : ""}
                    </span>
                  </span>
                  {renderDay?.(date)}
                </td>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before and after the month
                <td key={`empty-${dayIndex}`} className={styles.empty} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
