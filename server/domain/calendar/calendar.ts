import type { Db } from "#server/db/database.ts";
import { findListPage, type ListPage } from "#server/domain/write/lists.ts";
import { addMonths, compareMonths, monthRange, seoulYearMonth, type YearMonth } from "#shared/dates.ts";

/** One entry of the club's calendar. Times are ISO-8601 instants in UTC; the end is exclusive. */
export interface CalendarEvent {
  id: string;
  title: string;
  startsAt: string;
  endsAt: string;
  /** All-day events start at midnight in Seoul and end at the midnight after their last day. */
  allDay: boolean;
  location: string;
  description: string;
  /** Starts at 1 and grows with every edit (the iCalendar SEQUENCE is one less). */
  version: number;
  updatedAt: string;
}

function eventsQuery(db: Db) {
  return db
    .selectFrom("calendar_events")
    .select(["id", "title", "starts_at", "ends_at", "all_day", "location", "description", "version", "updated_at"])
    .orderBy("starts_at")
    .orderBy("ends_at")
    .orderBy("id");
}

type EventRow = Awaited<ReturnType<ReturnType<typeof eventsQuery>["execute"]>>[number];

function toEvent(row: EventRow): CalendarEvent {
  return {
    id: row.id,
    title: row.title,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    allDay: Number(row.all_day) === 1,
    location: row.location,
    description: row.description,
    version: Number(row.version),
    updatedAt: row.updated_at,
  };
}

/**
 * Events that overlap the half-open range [from, to), in start order. The range scan runs on
 * the (starts_at, ends_at) index; an event without duration counts when it starts inside.
 */
export function eventsBetweenQuery(db: Db, from: string, to: string) {
  return eventsQuery(db)
    .where("starts_at", "<", to)
    .where((eb) => eb.or([eb("ends_at", ">", from), eb("starts_at", ">=", from)]));
}

export async function listEventsBetween(db: Db, from: string, to: string) {
  return (await eventsBetweenQuery(db, from, to).execute()).map(toEvent);
}

/** Events on any day of a month in Seoul, including those that begin before it or end after it. */
export function listEventsInMonth(db: Db, yearMonth: YearMonth) {
  const { from, to } = monthRange(yearMonth);
  return listEventsBetween(db, from, to);
}

/** The longest an event may last; it bounds the scan for events still running. */
export const MAX_EVENT_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Events not over at `now` (running or still to come), soonest first. No event lasts longer
 * than MAX_EVENT_DAYS, so the scan of the start index begins that far back.
 */
export async function listUpcomingEvents(db: Db, now: Date, limit: number) {
  const from = now.toISOString();
  const earliestStart = new Date(now.getTime() - MAX_EVENT_DAYS * DAY_MS).toISOString();
  const rows = await eventsQuery(db)
    .where("starts_at", ">=", earliestStart)
    .where((eb) => eb.or([eb("ends_at", ">", from), eb("starts_at", ">=", from)]))
    .limit(limit)
    .execute();
  return rows.map(toEvent);
}

/**
 * Events of any year whose title, place or description holds every word of `search`, the latest
 * first, a page at a time: the admin calendar's search, for an event whose month is not known.
 */
export async function searchEvents(
  db: Db,
  query: { search: string; page: number; pageSize: number },
): Promise<ListPage<CalendarEvent>> {
  const found = await findListPage(eventsQuery(db).clearOrderBy().orderBy("starts_at", "desc").orderBy("id"), {
    ...query,
    columns: ["title", "location", "description"],
  });
  return { ...found, items: found.items.map(toEvent) };
}

/** Every event, in start order, for the subscription feed. */
export async function listAllEvents(db: Db) {
  return (await eventsQuery(db).execute()).map(toEvent);
}

/**
 * The months the public calendar shows: from January of the club's founding year (not set: of
 * the year of the earlier of the first event and this month) to two years past the later of
 * this month and the last event. Every other month is a 404, so crawlers following "next month"
 * stop instead of walking centuries of empty pages.
 */
export async function calendarMonthRange(
  db: Db,
  foundedYear: number | null,
  current: YearMonth,
): Promise<{ first: YearMonth; last: YearMonth }> {
  const row = await db
    .selectFrom("calendar_events")
    .select((eb) => [eb.fn.min("starts_at").as("earliest"), eb.fn.max("starts_at").as("latest")])
    .executeTakeFirst();
  const latest = row?.latest ? seoulYearMonth(new Date(row.latest)) : current;
  const end = compareMonths(latest, current) > 0 ? latest : current;
  const earliest = row?.earliest ? seoulYearMonth(new Date(row.earliest)) : current;
  const startYear = foundedYear ?? Math.min(earliest.year, current.year);
  return { first: { year: startYear, month: 1 }, last: addMonths(end, 24) };
}
