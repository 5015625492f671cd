import { createEvent, eventInputSchema } from "#server/domain/calendar/manage.ts";
import { seoulDate, seoulTime } from "#shared/dates.ts";
import { SkipError } from "./export-files.ts";
import { documentOf } from "./firestore.ts";
import { type ImportItem, type ItemReader, listItems } from "./items.ts";
import { keepOriginalDates } from "./original-dates.ts";
import { field, firstText, instant, isDateOnly, isIndexMap, isObject, quoted } from "./source-values.ts";

/**
 * archive/calendar: {contents: {calendar: [{title, start, end?, allDay?, location?,
 * description?}]}}; the spec shows no more. A list right under `contents`, and `contents` as
 * JSON text, are read as well (the latter named in the report); any other `contents` is
 * reported as unreadable. `start` and `end` are any date the importer recognises; a date alone
 * makes an all-day event unless `allDay` says otherwise. An all-day event's `end` is its last
 * day; without an `end` an event ends where it starts. An event keeps its own `updatedAt` (or
 * `createdAt`, or else its start when that has passed) as its last change in the iCalendar feed.
 */
export const calendarItems: ItemReader = (source) => {
  const document = documentOf(source, "archive", "calendar");
  if (!document) return [];
  const { entries, choice } = calendarList(document.data.contents);
  const items = listItems(
    entries,
    { document: document.path, field: "contents/calendar", kind: "event" },
    (entry, key): ImportItem => {
      const title = firstText(entry, "title", "summary", "name", "text");
      return {
        source: `${document.path}/contents/calendar/${key}`,
        document: document.path,
        kind: "event",
        label: title || key,
        write: async ({ trx }) => {
          const startValue = field(entry, "start", "startsAt", "startDate", "date");
          const endValue = field(entry, "end", "endsAt", "endDate") ?? startValue;
          const start = instant(startValue);
          const end = instant(endValue);
          if (startValue !== undefined && !start) throw new SkipError(`start ${quoted(startValue)} is not a date.`);
          if (endValue !== undefined && !end) throw new SkipError(`end ${quoted(endValue)} is not a date.`);
          const allDay = typeof entry.allDay === "boolean" ? entry.allDay : isDateOnly(startValue);
          const values = eventInputSchema.parse({
            title,
            allDay,
            startDate: start ? seoulDate(start) : "",
            startTime: start && !allDay ? seoulTime(start.toISOString()) : "",
            endDate: end ? seoulDate(end) : "",
            endTime: end && !allDay ? seoulTime(end.toISOString()) : "",
            location: firstText(entry, "location", "place"),
            description: firstText(entry, "description", "content", "text"),
          });
          const { id } = await createEvent(trx, values);
          const changed = instant(field(entry, "updatedAt", "updated_at", "createdAt", "created_at")) ?? start;
          await keepOriginalDates(trx, "calendar_events", id, changed);
          return id;
        },
      };
    },
  );
  return choice ? items.map((item) => ({ ...item, choices: [choice] })) : items;
};

/** The list of events in `contents`, whatever form it takes, and how it was read if unusually. */
function calendarList(contents: unknown): { entries: unknown; choice?: string } {
  if (typeof contents === "string") {
    try {
      const parsed: unknown = JSON.parse(contents);
      if (Array.isArray(parsed) || isObject(parsed)) {
        return { entries: listOf(parsed), choice: "contents was JSON text: read as the list it writes." };
      }
    } catch {
      // Not JSON: reported below as text that is no list.
    }
    return { entries: contents };
  }
  return { entries: listOf(contents) };
}

/** `{calendar: [...]}` (the spec's), or the list itself. */
function listOf(contents: unknown): unknown {
  if (isObject(contents) && !isIndexMap(contents) && contents.calendar !== undefined) return contents.calendar;
  return contents;
}
