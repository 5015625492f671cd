import type { CalendarEvent } from "#server/domain/calendar/calendar.ts";
import { coveredDates, formatDayLabel, formatEventWhen, seoulTime } from "#shared/dates.ts";
import { agendaDays } from "./calendar-layout.ts";
import styles from "./EventAgenda.module.css";
import { EventFacts } from "./EventFacts.tsx";

/** The month's events as a list, for narrow screens: each event once, with all its details. */
export function EventAgenda({
  monthFirst,
  today,
  events,
}: {
  /** The first date of the month ("YYYY-MM-01"). */
  monthFirst: string;
  today: string;
  events: CalendarEvent[];
}) {
  return (
    <ol className={styles.days}>
      {agendaDays(events, monthFirst).map(({ date, events: dayEvents }) => (
        <li key={date} className={styles.day} aria-current={date === today ? "date" : undefined}>
          <h3 className={styles.dayHeading}>
            <time dateTime={date}>{formatDayLabel(date)}</time>
            {date === today && <span className={styles.today}>오늘</span>}
          </h3>
          <ul className={styles.events}>
            {dayEvents.map((event) => (
              <li key={event.id} className={styles.event}>
                <p className={styles.badge} aria-hidden="true">
                  {badgeText(event)}
                </p>
                <div>
                  <h4 className={styles.title}>{event.title}</h4>
                  <EventFacts event={event} when={agendaWhen(event)} />
                </div>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** The day is the list's heading, so an event within one day gives only its hours. */
function agendaWhen(event: CalendarEvent): string {
  if (coveredDates(event.startsAt, event.endsAt).length > 1) return formatEventWhen(event);
  if (event.allDay) return "종일";
  const start = seoulTime(event.startsAt);
  const end = seoulTime(event.endsAt);
  return start === end ? start : `${start} ~ ${end}`;
}

/** The short label beside an event: its start time, "종일" or how many days it lasts. */
function badgeText(event: CalendarEvent): string {
  const days = coveredDates(event.startsAt, event.endsAt).length;
  if (event.allDay) return days > 1 ? `${days}일간` : "종일";
  return seoulTime(event.startsAt);
}
