import { useEffect, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "#app/components/icons/icons.tsx";
import { formatYearMonth, localToday, stepMonthWithinYear, type YearMonth } from "#shared/dates.ts";
import { MonthGrid } from "./MonthGrid.tsx";
import stepStyles from "./MonthStep.module.css";
import styles from "./TestCalendar.module.css";

/**
 * The spec's test calendar: this year's months, one at a time, from January to December and no
 * further. The server renders the month it was asked for (or its current one); once scripts run,
 * the visitor's own clock decides what "now" is, and the buttons step without a page load.
 * Without scripts the buttons submit ?month= to the server, which clamps it to 1-12.
 */
export function TestCalendar({
  initial,
  today: serverToday,
  monthRequested,
}: {
  initial: YearMonth;
  today: string;
  /** True when the address named a month: then only the year follows the visitor's clock. */
  monthRequested: boolean;
}) {
  const [view, setView] = useState(initial);
  const [today, setToday] = useState(serverToday);

  useEffect(() => {
    const local = localToday(new Date());
    setToday(local.date);
    setView({ year: local.year, month: monthRequested ? initial.month : local.month });
  }, [initial.month, monthRequested]);

  const step = (delta: number) => (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setView((current) => ({ ...current, month: stepMonthWithinYear(current.month, delta) }));
  };

  return (
    <div className={styles.calendar}>
      <form method="get" className={styles.toolbar} aria-label="달 이동">
        <button
          type="submit"
          name="month"
          value={view.month - 1}
          className={stepStyles.step}
          disabled={view.month <= 1}
          onClick={step(-1)}
        >
          <ChevronLeftIcon />
          <span className="visually-hidden">이전 달</span>
        </button>
        <h2 className={styles.title} aria-live="polite">
          {formatYearMonth(view)}
        </h2>
        <button
          type="submit"
          name="month"
          value={view.month + 1}
          className={stepStyles.step}
          disabled={view.month >= 12}
          onClick={step(1)}
        >
          <ChevronRightIcon />
          <span className="visually-hidden">다음 달</span>
        </button>
      </form>
      <MonthGrid yearMonth={view} today={today} variant="compact" caption={`${formatYearMonth(view)} 달력`} />
    </div>
  );
}
