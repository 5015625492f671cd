import type { CalendarEvent } from "#server/domain/calendar/calendar.ts";
import { coveredDates } from "#shared/dates.ts";

/** Where a day sits within an event that covers several days, for drawing it as a bar. */
export type EventSpan = "single" | "start" | "middle" | "end";

export interface DayEntry {
  event: CalendarEvent;
  span: EventSpan;
}

/** Events that last a day or more come first, longest first; then timed events by start. */
function displayOrder(a: CalendarEvent, b: CalendarEvent): number {
  const aSpans = a.allDay || coveredDates(a.startsAt, a.endsAt).length > 1;
  const bSpans = b.allDay || coveredDates(b.startsAt, b.endsAt).length > 1;
  if (aSpans !== bSpans) return aSpans ? -1 : 1;
  if (a.startsAt !== b.startsAt) return a.startsAt < b.startsAt ? -1 : 1;
  return b.endsAt.localeCompare(a.endsAt);
}

/** The entries of every day of the month that has any, in the order a day shows them. */
export function entriesByDay(events: CalendarEvent[]): Map<string, DayEntry[]> {
  const days = new Map<string, DayEntry[]>();
  for (const event of [...events].sort(displayOrder)) {
    const dates = coveredDates(event.startsAt, event.endsAt);
    dates.forEach((date, index) => {
      const span: EventSpan =
        dates.length === 1 ? "single" : index === 0 ? "start" : index === dates.length - 1 ? "end" : "middle";
      const entries = days.get(date) ?? [];
      entries.push({ event, span });
      days.set(date, entries);
    });
  }
  return days;
}

/**
 * The month's events for the list view, each once, under the first of its days that falls in
 * the month (an event that began last month is listed on the 1st).
 */
export function agendaDays(events: CalendarEvent[], monthFirst: string): { date: string; events: CalendarEvent[] }[] {
  const groups = new Map<string, CalendarEvent[]>();
  for (const event of [...events].sort(displayOrder)) {
    const first = coveredDates(event.startsAt, event.endsAt).find((date) => date >= monthFirst);
    if (!first) continue;
    groups.set(first, [...(groups.get(first) ?? []), event]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, dayEvents]) => ({ date, events: dayEvents }));
}
