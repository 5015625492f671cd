import ical, { escape as escapeText, ICalCalendarMethod } from "ical-generator";
import { addDays, coveredDates, monthKey, seoulDate, seoulYearMonth } from "#shared/dates.ts";
import type { CalendarEvent } from "./calendar.ts";

export interface ICalendarOptions {
  clubName: string;
  /** The site's public address without a trailing slash, e.g. https://club.example.org */
  siteUrl: string;
}

/**
 * The club's calendar as an iCalendar (RFC 5545) subscription feed. ical-generator writes the
 * format (escaping, folding at 75 octets, CRLF); times are UTC, so no VTIMEZONE is needed, and
 * all-day events are DATE values spanning the Seoul dates they cover (DTEND exclusive).
 */
export function buildICalendar(events: CalendarEvent[], options: ICalendarOptions): string {
  const host = new URL(options.siteUrl).hostname;
  const name = `${options.clubName} 캘린더`;
  const calendar = ical({
    // The product identifier is an opaque FPI; the library writes it verbatim after "-".
    prodId: {
      company: escapeText(options.clubName, false),
      product: "Club Calendar",
      language: "KO",
    },
    // NAME and X-WR-CALNAME are written as given, so the text is escaped here.
    name: escapeText(name, false),
    scale: "GREGORIAN",
    method: ICalCalendarMethod.PUBLISH,
    url: `${options.siteUrl}/archive/calendar`,
    ttl: 60 * 60 * 6,
  });
  for (const event of events) {
    const month = monthKey(seoulYearMonth(new Date(event.startsAt)));
    const common = {
      id: `${event.id}@${host}`,
      sequence: Math.max(0, event.version - 1),
      stamp: new Date(event.updatedAt),
      lastModified: new Date(event.updatedAt),
      summary: event.title,
      location: event.location || null,
      description: event.description || null,
      url: `${options.siteUrl}/archive/calendar?month=${month}`,
    };
    if (event.allDay) {
      const dates = coveredDates(event.startsAt, event.endsAt);
      const first = dates[0] ?? seoulDate(event.startsAt);
      const last = dates.at(-1) ?? first;
      // A date string is read as UTC midnight, whose UTC date the library writes: the Seoul date.
      calendar.createEvent({ ...common, allDay: true, start: first, end: addDays(last, 1) });
    } else {
      calendar.createEvent({
        ...common,
        start: new Date(event.startsAt),
        end: new Date(event.endsAt),
      });
    }
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator omits that one.
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}
