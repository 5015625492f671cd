import { createEvent, eventInputSchema } from "#server/domain/calendar/manage.ts";
import { seoulDate, seoulTime } from "#shared/calendar-dates.ts";
import { documentOf, isObject } from "./firestore.ts";
import type { ImportItem, ItemReader } from "./items.ts";
import { entryKeys, field, instant, isDateOnly, records, text } from "./source-values.ts";

/**
 * archive/calendar: {contents: {calendar: [{title, start, end?, allDay?, location?,
 * description?}]}}. `start` and `end` are timestamps or ISO strings; a date alone
 * ("2024-03-02") makes an all-day event unless `allDay` says otherwise. An all-day event's `end`
 * is its last day; without an `end` an event ends where it starts.
 */
export const calendarItems: ItemReader = (source) => {
  const document = documentOf(source, "archive", "calendar");
  if (!document) return [];
  const contents = document.data.contents;
  // The spec's `contents.calendar`; a list right under `contents` is read as well.
  const entries = records(isObject(contents) ? contents.calendar : contents);
  return entryKeys(entries).map((key, index): ImportItem => {
    const entry = entries[index] ?? {};
    return {
      source: `${document.path}/contents/calendar/${key}`,
      kind: "event",
      label: text(entry.title) || key,
      write: async ({ trx }) => {
        const startValue = field(entry, "start", "startsAt", "date");
        const endValue = field(entry, "end", "endsAt") ?? startValue;
        const allDay = typeof entry.allDay === "boolean" ? entry.allDay : isDateOnly(startValue);
        const start = instant(startValue);
        const end = instant(endValue);
        const values = eventInputSchema.parse({
          title: text(entry.title),
          allDay,
          startDate: start ? seoulDate(start) : "",
          startTime: start && !allDay ? seoulTime(start.toISOString()) : "",
          endDate: end ? seoulDate(end) : "",
          endTime: end && !allDay ? seoulTime(end.toISOString()) : "",
          location: text(entry.location),
          description: text(entry.description),
        });
        return (await createEvent(trx, values)).id;
      },
    };
  });
};
