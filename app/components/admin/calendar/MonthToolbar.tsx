import { Form, Link } from "react-router";
import stepStyles from "#app/components/archive/MonthStep.module.css";
import { ChevronLeftIcon, ChevronRightIcon } from "#app/components/icons/icons.tsx";
import { Button, ButtonLink } from "#app/components/ui/Button.tsx";
import {
  addMonths,
  compareMonths,
  FIRST_CALENDAR_YEAR,
  formatYearMonth,
  LAST_CALENDAR_YEAR,
  monthKey,
  type YearMonth,
} from "#shared/dates.ts";
import styles from "./Calendar.module.css";

/** The month's title and count, with steps to the months around it and a jump to any month. */
export function MonthToolbar({
  yearMonth,
  current,
  count,
}: {
  yearMonth: YearMonth;
  current: YearMonth;
  count: number;
}) {
  const previous = addMonths(yearMonth, -1);
  const next = addMonths(yearMonth, 1);
  const canGoBack = previous.year >= FIRST_CALENDAR_YEAR;
  const canGoOn = next.year <= LAST_CALENDAR_YEAR;
  return (
    <div className={styles.toolbar}>
      <div className={styles.monthHeading}>
        <h2 id="month-title" className={styles.monthTitle}>
          {formatYearMonth(yearMonth)}
        </h2>
        <span className={styles.count}>일정 {count}개</span>
      </div>
      <nav className={styles.monthNav} aria-label="달 이동">
        {canGoBack && (
          <Link to={`?month=${monthKey(previous)}`} className={stepStyles.step} rel="prev">
            <ChevronLeftIcon />
            <span className="visually-hidden">이전 달 ({formatYearMonth(previous)})</span>
          </Link>
        )}
        <ButtonLink
          to="?"
          variant="secondary"
          size="sm"
          aria-current={compareMonths(yearMonth, current) === 0 ? "page" : undefined}
        >
          이번 달
        </ButtonLink>
        {canGoOn && (
          <Link to={`?month=${monthKey(next)}`} className={stepStyles.step} rel="next">
            <ChevronRightIcon />
            <span className="visually-hidden">다음 달 ({formatYearMonth(next)})</span>
          </Link>
        )}
        <Form method="get" className={styles.jump}>
          <label htmlFor="calendar-month" className="visually-hidden">
            이동할 달
          </label>
          <input
            id="calendar-month"
            type="month"
            name="month"
            defaultValue={monthKey(yearMonth)}
            min={`${FIRST_CALENDAR_YEAR}-01`}
            max={`${LAST_CALENDAR_YEAR}-12`}
            className={styles.monthInput}
            key={monthKey(yearMonth)}
          />
          <Button type="submit" size="sm" variant="ghost">
            이동
          </Button>
        </Form>
      </nav>
    </div>
  );
}
