import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { deleteVersioned, updateVersioned } from "#server/db/versioned.ts";
import type { RecordTarget } from "#server/domain/write/form-input.ts";
import { optionalText, requiredText } from "#server/domain/write/text-schemas.ts";
import { newId } from "#server/storage/storage.ts";
import {
  addDays,
  FIRST_CALENDAR_YEAR,
  LAST_CALENDAR_YEAR,
  monthKey,
  parseSeoulWallClock,
  seoulMidnight,
  seoulYearMonth,
} from "#shared/dates.ts";
import { recordNoun } from "#shared/korean.ts";
import { MAX_EVENT_DAYS } from "./calendar.ts";

export const eventNoun = recordNoun("일정");

const DAY_MS = 24 * 60 * 60 * 1000;

const dateField = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(/^\d{4}-\d{2}-\d{2}$/, "날짜를 2026-11-23 형식으로 입력해 주세요.")
    // A date that does not exist (2026-02-30) comes back changed from the round trip.
    .refine((date) => addDays(date, 0) === date, "달력에 없는 날짜입니다.")
    .refine((date) => {
      const year = Number(date.slice(0, 4));
      return year >= FIRST_CALENDAR_YEAR && year <= LAST_CALENDAR_YEAR;
    }, `${FIRST_CALENDAR_YEAR}년부터 ${LAST_CALENDAR_YEAR}년 사이의 날짜를 입력해 주세요.`);

const timeField = z
  .string()
  .trim()
  .regex(/^$|^([01]\d|2[0-3]):[0-5]\d$/, "시각을 19:00 형식으로 입력해 주세요.")
  .default("");

/**
 * An event as the form sends it: dates (and, unless it lasts all day, times) on Seoul's clock.
 * It becomes UTC instants with an exclusive end: an all-day event runs from midnight of its first
 * day to midnight after its last, as the public calendar and the iCalendar feed read it.
 */
export const eventInputSchema = z
  .object({
    title: requiredText("제목을", "제목은", 100),
    allDay: z.boolean().default(false),
    startDate: dateField("시작 날짜를 입력해 주세요."),
    startTime: timeField,
    endDate: dateField("끝나는 날짜를 입력해 주세요."),
    endTime: timeField,
    location: optionalText("장소는", 100),
    description: optionalText("설명은", 2000, { multiLine: true }),
  })
  .transform((input, ctx) => {
    if (!input.allDay) {
      if (input.startTime === "") {
        ctx.addIssue({
          code: "custom",
          path: ["startTime"],
          message: "시작 시각을 입력해 주세요.",
        });
      }
      if (input.endTime === "") {
        ctx.addIssue({
          code: "custom",
          path: ["endTime"],
          message: "끝나는 시각을 입력해 주세요.",
        });
      }
      if (input.startTime === "" || input.endTime === "") return z.NEVER;
    }
    const startsAt = input.allDay
      ? seoulMidnight(input.startDate)
      : new Date(parseSeoulWallClock(input.startDate, input.startTime) ?? Number.NaN);
    const endsAt = input.allDay
      ? seoulMidnight(addDays(input.endDate, 1))
      : new Date(parseSeoulWallClock(input.endDate, input.endTime) ?? Number.NaN);
    if (endsAt.getTime() < startsAt.getTime() || (input.allDay && input.endDate < input.startDate)) {
      const sameDay = input.endDate === input.startDate && !input.allDay;
      ctx.addIssue({
        code: "custom",
        path: [sameDay ? "endTime" : "endDate"],
        message: "끝나는 때가 시작보다 앞설 수 없습니다.",
      });
      return z.NEVER;
    }
    if (endsAt.getTime() - startsAt.getTime() > MAX_EVENT_DAYS * DAY_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["endDate"],
        message: `한 일정은 ${MAX_EVENT_DAYS}일을 넘을 수 없습니다. 나눠서 등록해 주세요.`,
      });
      return z.NEVER;
    }
    return {
      title: input.title,
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      all_day: input.allDay ? 1 : 0,
      location: input.location,
      description: input.description,
    };
  });

/** An event checked and ready for its row. */
export type EventValues = z.output<typeof eventInputSchema>;

export function findEvent(db: Db, id: string) {
  return db.selectFrom("calendar_events").select(["id", "title"]).where("id", "=", id).executeTakeFirst();
}

/** The month (YYYY-MM, in Seoul) an event starts in: the admin page shows it there. */
function monthOf(startsAt: string): string {
  return monthKey(seoulYearMonth(new Date(startsAt)));
}

/** Adds an event; returns its id and the month it starts in. */
export async function createEvent(db: Db, values: EventValues): Promise<{ id: string; month: string }> {
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto("calendar_events")
    .values({ id, ...values, created_at: now, updated_at: now })
    .execute();
  return { id, month: monthOf(values.starts_at) };
}

/**
 * Saves an edit; the version (and with it the feed's SEQUENCE) grows by one. Returns the month
 * the event now starts in.
 */
export async function updateEvent(db: Db, target: RecordTarget, values: EventValues): Promise<{ month: string }> {
  await updateVersioned(db, "calendar_events", target.id, target.version, values);
  return { month: monthOf(values.starts_at) };
}

export function deleteEvent(db: Db, target: RecordTarget) {
  return deleteVersioned(db, "calendar_events", target.id, target.version);
}
