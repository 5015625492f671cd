import { ClockIcon, MapPinIcon } from "#app/components/icons/icons.tsx";
import type { CalendarEvent } from "#server/domain/calendar/calendar.ts";
import styles from "./EventFacts.module.css";

/** An event's time, place and description, shared by the popover and the list view. */
export function EventFacts({ event, when }: { event: CalendarEvent; when: string }) {
  return (
    <>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>
            <ClockIcon size={16} />
            <span className="visually-hidden">일시</span>
          </dt>
          <dd>{when}</dd>
        </div>
        {event.location && (
          <div className={styles.fact}>
            <dt>
              <MapPinIcon size={16} />
              <span className="visually-hidden">장소</span>
            </dt>
            <dd>{event.location}</dd>
          </div>
        )}
      </dl>
      {event.description && <p className={styles.description}>{event.description}</p>}
    </>
  );
}
