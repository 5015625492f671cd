import type { CalendarEvent } from "#server/domain/calendar/calendar.ts";
import { coveredDates, monthKey, seoulDateTime, seoulYearMonth } from "#shared/dates.ts";

type EventLike = Omit<CalendarEvent, "version" | "updatedAt">;

interface Organizer {
  clubName: string;
  siteUrl: string;
  /** The club's postal address, the place's address when an event names only a room. */
  address: string;
}

/**
 * schema.org Event data for a list of events (one JSON-LD graph), so search engines can show
 * them. All-day events use dates; timed events use Seoul time with its offset.
 */
export function eventsStructuredData(events: EventLike[], organizer: Organizer) {
  return {
    "@context": "https://schema.org",
    "@graph": events.map((event) => {
      const dates = coveredDates(event.startsAt, event.endsAt);
      const url = `${organizer.siteUrl}/archive/calendar?month=${monthKey(seoulYearMonth(new Date(event.startsAt)))}`;
      return {
        "@type": "Event",
        "@id": `${url}#event-${event.id}`,
        name: event.title,
        ...(event.description ? { description: event.description } : {}),
        startDate: event.allDay ? dates[0] : seoulDateTime(event.startsAt),
        endDate: event.allDay ? dates.at(-1) : seoulDateTime(event.endsAt),
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        location: {
          "@type": "Place",
          name: event.location || organizer.clubName,
          ...(organizer.address ? { address: organizer.address } : {}),
        },
        organizer: { "@type": "Organization", name: organizer.clubName, url: organizer.siteUrl },
        url,
      };
    }),
  };
}
