import { CloseIcon } from "#app/components/icons/icons.tsx";
import surface from "#app/components/section/Surface.module.css";
import type { CalendarEvent } from "#server/domain/calendar/calendar.ts";
import { coveredDates, formatEventWhen, formatYearMonth, seoulTime, weekdayOf, type YearMonth } from "#shared/dates.ts";
import { entriesByDay } from "./calendar-layout.ts";
import { EventFacts } from "./EventFacts.tsx";
import styles from "./EventMonth.module.css";
import { MonthGrid } from "./MonthGrid.tsx";

const popoverId = (event: CalendarEvent) => `event-${event.id}`;

/**
 * The month view for wide screens: every day an event covers shows it; each entry is a button
 * that opens the event's details in a popover (the browser's own, so it works before scripts
 * load, takes keyboard focus and closes with Escape).
 */
export function EventMonth({
  yearMonth,
  today,
  events,
}: {
  yearMonth: YearMonth;
  today: string;
  events: CalendarEvent[];
}) {
  const days = entriesByDay(events);
  return (
    <div className={styles.month}>
      <MonthGrid
        yearMonth={yearMonth}
        today={today}
        variant="events"
        caption={`${formatYearMonth(yearMonth)} 일정`}
        renderDay={(date) => {
          const entries = days.get(date);
          if (!entries) return null;
          return (
            <ul className={styles.entries}>
              {entries.map(({ event, span }) => {
                const spansDays = event.allDay || span !== "single";
                const continues = span === "middle" || span === "end";
                // A bar names its event where it starts and where it wraps to a new week.
                const quiet = continues && weekdayOf(date) !== 0;
                return (
                  <li key={event.id} className={styles.entry} data-span={span}>
                    <button
                      type="button"
                      className={styles.chip}
                      data-kind={spansDays ? "span" : "timed"}
                      popoverTarget={popoverId(event)}
                    >
                      {!event.allDay && !continues && <span className={styles.time}>{seoulTime(event.startsAt)}</span>}
                      <span className={quiet ? "visually-hidden" : `line-clamp ${styles.chipTitle}`}>
                        {event.title}
                      </span>
                      {continues && <span className="visually-hidden"> (계속)</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          );
        }}
      />
      {events.map((event) => (
        <div
          key={event.id}
          id={popoverId(event)}
          popover="auto"
          role="dialog"
          aria-labelledby={`${popoverId(event)}-title`}
          className={`${surface.floating} ${styles.popover}`}
        >
          <div className={styles.popoverHeader}>
            <p className={styles.popoverKind}>
              {event.allDay
                ? coveredDates(event.startsAt, event.endsAt).length > 1
                  ? "여러 날 일정"
                  : "종일 일정"
                : "일정"}
            </p>
            <button type="button" className={styles.close} popoverTarget={popoverId(event)} popoverTargetAction="hide">
              <CloseIcon size={18} />
              <span className="visually-hidden">닫기</span>
            </button>
          </div>
          <h3 id={`${popoverId(event)}-title`} className={styles.popoverTitle}>
            {event.title}
          </h3>
          <EventFacts event={event} when={formatEventWhen(event)} />
        </div>
      ))}
    </div>
  );
}
