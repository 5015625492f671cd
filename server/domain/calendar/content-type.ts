import { type ContentType, command, NO_FILES } from "#server/domain/write/content-type.ts";
import { formChecked, formTarget, formText, formValues } from "#server/domain/write/form-input.ts";
import { describeChange } from "#server/domain/write/messages.ts";
import { createEvent, deleteEvent, eventInputSchema, eventNoun, findEvent, updateEvent } from "./manage.ts";

const FIELDS = ["title", "startDate", "startTime", "endDate", "endTime", "location", "description"];

const readEvent = (form: FormData) =>
  eventInputSchema.parse({ ...formValues(form, FIELDS), allDay: formChecked(form, "allDay") });

/**
 * The club's calendar: events with Seoul dates and times, shown by month on the public calendar
 * and in the iCalendar feed. A save answers with the month the event is in, so the page can
 * follow an event that moved to another month.
 */
export const calendarContent: ContentType = {
  name: "calendar",
  category: "calendar",
  noun: eventNoun.name,
  files: NO_FILES,
  publicPages: ["/archive/calendar", "/calendar.ics"],
  adminPage: {
    path: "/admin/manage-calendar",
    title: "캘린더",
    section: "content",
    counts: [{ label: "일정", table: "calendar_events" }],
  },
  commands: {
    create: command({
      describe: (form) => describeChange("calendar", eventNoun, formText(form, "title"), "추가"),
      read: readEvent,
      run: (trx, _files, values) => createEvent(trx, values),
    }),
    update: command({
      describe: (form) => describeChange("calendar", eventNoun, formText(form, "title"), "수정"),
      read: (form) => ({ target: formTarget(form), values: readEvent(form) }),
      run: (trx, _files, { target, values }) => updateEvent(trx, target, values),
    }),
    delete: command({
      describe: async (form, db) =>
        describeChange("calendar", eventNoun, (await findEvent(db, formText(form, "id")))?.title ?? "", "삭제"),
      read: formTarget,
      run: (trx, _files, target) => deleteEvent(trx, target),
    }),
  },
};
