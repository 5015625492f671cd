import { Link, useNavigate } from "react-router";
import { ItemList } from "#app/components/admin/list/ItemList.tsx";
import { ItemRow } from "#app/components/admin/list/ItemRow.tsx";
import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import pill from "#app/components/ui/Pill.module.css";
import type { CalendarEvent } from "#server/domain/calendar/calendar.ts";
import {
  formatEventWhen,
  formatYearMonth,
  monthKey,
  parseMonthKey,
  seoulYearMonth,
  type YearMonth,
} from "#shared/dates.ts";
import type { FieldRules } from "#shared/field-rules.ts";
import styles from "./Calendar.module.css";
import { EventFields } from "./EventFields.tsx";

type EventStatus = "past" | "now" | "upcoming";

function statusOf(event: CalendarEvent, now: string): EventStatus {
  if (event.endsAt <= now && event.startsAt < now) return "past";
  if (event.startsAt <= now) return "now";
  return "upcoming";
}

const statusLabels: Record<EventStatus, string> = {
  past: "지난 일정",
  now: "진행 중",
  upcoming: "예정",
};

function formatMonthKey(key: string): string {
  const month = parseMonthKey(key);
  return month ? formatYearMonth(month) : key;
}

/** Where the page shows an event: its month, scrolled to the event. */
export function eventAddress(month: string, id?: string) {
  return { search: `?month=${month}`, hash: id ? `event-${id}` : "" };
}

/** Events as links to their months (the upcoming ones, a search's results): when, then title. */
export function EventLinks({ events }: { events: CalendarEvent[] }) {
  return (
    <ol className={styles.upcoming}>
      {events.map((event) => (
        <li key={event.id}>
          <Link
            to={eventAddress(monthKey(seoulYearMonth(new Date(event.startsAt))), event.id)}
            className={styles.upcomingLink}
          >
            <span className={styles.upcomingWhen}>{formatEventWhen(event)}</span>
            <span className={styles.upcomingTitle}>{event.title}</span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

/**
 * A month's events in time order, each edited in place. An event saved into another month is
 * followed there, and the list says where it went.
 */
export function EventList({
  events,
  yearMonth,
  now,
  today,
  rules,
}: {
  events: CalendarEvent[];
  yearMonth: YearMonth;
  now: string;
  today: string;
  rules: FieldRules;
}) {
  const navigate = useNavigate();
  const shownMonth = monthKey(yearMonth);
  return (
    <ItemList
      contentType="calendar"
      items={events}
      getId={(event) => event.id}
      getLabel={(event) => event.title}
      label={`${formatYearMonth(yearMonth)} 일정`}
      empty={
        <EmptyState title={`${formatYearMonth(yearMonth)}에는 일정이 없습니다`}>
          ‘새 일정 추가’를 열어 이 달의 일정을 추가할 수 있습니다.
        </EmptyState>
      }
      renderItem={(event, announce) => {
        const status = statusOf(event, now);
        return (
          // The id is the target of the links to an event (the upcoming list, a moved event).
          <div id={`event-${event.id}`} className={styles.event}>
            <ItemRow
              contentType="calendar"
              id={event.id}
              version={event.version}
              label={`'${event.title}' 일정`}
              summary={{
                kicker: (
                  <>
                    <time dateTime={event.startsAt}>{formatEventWhen(event)}</time>
                    <span className={`${pill.pill} ${styles.status}`} data-status={status}>
                      {statusLabels[status]}
                    </span>
                  </>
                ),
                title: event.title,
                details: [event.location, event.description],
              }}
              removeTitle={`'${event.title}' 일정을 삭제할까요?`}
              removeMessage={<p>공개 캘린더와 구독 피드에서도 사라집니다. 되돌릴 수 없습니다.</p>}
              rules={rules}
              onRemoved={announce}
              onSaved={(result) => {
                const month = (result.data as { month?: string } | undefined)?.month;
                if (month && month !== shownMonth) {
                  announce(`${result.message}. ${formatMonthKey(month)}로 옮겨졌습니다.`);
                  navigate(eventAddress(month, event.id));
                }
              }}
              fields={() => <EventFields event={event} today={today} />}
            />
          </div>
        );
      }}
    />
  );
}
