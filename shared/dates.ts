/**
 * Dates and times for the whole site, on the server and in the browser alike, always in Korea's
 * time zone whatever the machine's: reading and writing instants, the calendar's day arithmetic,
 * and the one way each is written for people ("2026. 11. 28. 23:19", "2026년 11월 28일",
 * "11월 28일 (토)"). Calendar dates are "YYYY-MM-DD" strings without a time; instants are
 * ISO-8601 strings in UTC, as the database stores them.
 *
 * Korea Standard Time is UTC+9 all year (no daylight saving since 1988), so a fixed offset is
 * exact for every date the site keeps, and text is built here rather than by `Intl`: the server
 * and every browser then write the same characters, whatever version of the time-zone and
 * locale data each carries, so a page hydrates without a mismatch.
 */
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A month of the Gregorian calendar; `month` runs from 1 (January) to 12 (December). */
export interface YearMonth {
  year: number;
  month: number;
}

/** The first and last month a calendar address may name: the club's founding year to 2100. */
export const FIRST_CALENDAR_YEAR = 1973;
export const LAST_CALENDAR_YEAR = 2100;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, "0");
}

function dateKey(year: number, monthIndex: number, day: number): string {
  const utc = new Date(Date.UTC(year, monthIndex, day));
  return `${pad(utc.getUTCFullYear(), 4)}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}`;
}

/** An instant's Seoul wall clock; undefined for a value that is no instant. */
export interface SeoulClock {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

function seoulClock(instant: Date | string): SeoulClock | undefined {
  const time = new Date(instant).getTime();
  if (Number.isNaN(time)) return undefined;
  const seoul = new Date(time + SEOUL_OFFSET_MS);
  return {
    year: seoul.getUTCFullYear(),
    month: seoul.getUTCMonth() + 1,
    day: seoul.getUTCDate(),
    hours: seoul.getUTCHours(),
    minutes: seoul.getUTCMinutes(),
    seconds: seoul.getUTCSeconds(),
  };
}

/** The Seoul calendar date ("YYYY-MM-DD") of an instant. */
export function seoulDate(instant: Date | string): string {
  const clock = seoulClock(instant);
  return clock ? dateKey(clock.year, clock.month - 1, clock.day) : "";
}

/** The month an instant falls in, in Seoul. */
export function seoulYearMonth(instant: Date): YearMonth {
  const [year = 0, month = 0] = seoulDate(instant).split("-").map(Number);
  return { year, month };
}

/** The instant a Seoul calendar date begins. */
export function seoulMidnight(date: string): Date {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day) - SEOUL_OFFSET_MS);
}

export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return dateKey(year, month - 1, day + days);
}

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(date: string): number {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function addMonths({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function compareMonths(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** "2026-11", the form of the `month` query parameter. */
export function monthKey({ year, month }: YearMonth): string {
  return `${pad(year, 4)}-${pad(month)}`;
}

/** Reads "YYYY-MM" within the calendar's years; anything else gives undefined. */
export function parseMonthKey(value: string | null | undefined): YearMonth | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? "");
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  if (year < FIRST_CALENDAR_YEAR || year > LAST_CALENDAR_YEAR) return undefined;
  return { year, month };
}

export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The month as weeks from Sunday to Saturday; days of the neighbouring months are null.
 * Always whole weeks, four to six of them.
 */
export function monthWeeks(yearMonth: YearMonth): (string | null)[][] {
  const first = dateKey(yearMonth.year, yearMonth.month - 1, 1);
  const cells: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let day = 1; day <= daysInMonth(yearMonth); day += 1) {
    cells.push(dateKey(yearMonth.year, yearMonth.month - 1, day));
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/** The instants a Seoul month starts and the next one starts (a half-open range). */
export function monthRange(yearMonth: YearMonth): { from: string; to: string } {
  const first = dateKey(yearMonth.year, yearMonth.month - 1, 1);
  const next = dateKey(yearMonth.year, yearMonth.month, 1);
  return { from: seoulMidnight(first).toISOString(), to: seoulMidnight(next).toISOString() };
}

/**
 * Every Seoul date an event touches. The end is exclusive (an all-day event on the 25th ends at
 * midnight starting the 26th), and an event without duration covers the date it starts on.
 */
export function coveredDates(startsAt: string, endsAt: string): string[] {
  const start = new Date(startsAt).getTime();
  const lastInstant = Math.max(start, new Date(endsAt).getTime() - 1);
  const first = seoulDate(new Date(start));
  const last = seoulDate(new Date(lastInstant));
  const dates: string[] = [];
  // Bounded so a mistyped year cannot make a page build thousands of cells.
  for (let date = first; date <= last && dates.length < 370; date = addDays(date, 1)) {
    dates.push(date);
  }
  return dates;
}

/** Sunday first, as the calendar's columns: "일" and "일요일". */
export const weekdays = (["일", "월", "화", "수", "목", "금", "토"] as const).map((short) => ({
  short,
  long: `${short}요일` as const,
}));

/** "11월 25일 (수)" */
export function formatDayLabel(date: string): string {
  const [, month = 1, day = 1] = date.split("-").map(Number);
  return `${month}월 ${day}일 (${weekdays[weekdayOf(date)]?.short ?? ""})`;
}

/** "2026년 11월" */
export function formatYearMonth({ year, month }: YearMonth): string {
  return `${year}년 ${month}월`;
}

/** "19:00", the Seoul wall-clock time of an instant. */
export function seoulTime(instant: Date | string): string {
  return seoulDateTime(instant).slice(11, 16);
}

/**
 * When an event happens, in Seoul, as one line: "11월 25일 (수) 종일",
 * "12월 10일 (목) ~ 12월 21일 (월)", "11월 23일 (월) 19:00 ~ 21:00" or
 * "11월 30일 (월) 23:00 ~ 12월 1일 (화) 01:00".
 */
export function formatEventWhen(event: { startsAt: string; endsAt: string; allDay: boolean }) {
  if (event.allDay) {
    const dates = coveredDates(event.startsAt, event.endsAt);
    const first = dates[0] ?? seoulDate(event.startsAt);
    const last = dates.at(-1) ?? first;
    return first === last ? `${formatDayLabel(first)} 종일` : `${formatDayLabel(first)} ~ ${formatDayLabel(last)}`;
  }
  const startDate = seoulDate(event.startsAt);
  const endDate = seoulDate(event.endsAt);
  const start = `${formatDayLabel(startDate)} ${seoulTime(event.startsAt)}`;
  if (new Date(event.endsAt).getTime() <= new Date(event.startsAt).getTime()) return start;
  const end = endDate === startDate ? seoulTime(event.endsAt) : `${formatDayLabel(endDate)} ${seoulTime(event.endsAt)}`;
  return `${start} ~ ${end}`;
}

/** The instant as Seoul wall-clock time with its offset: "2026-11-23T19:00:00+09:00". */
export function seoulDateTime(instant: Date | string): string {
  const clock = seoulClock(instant);
  if (!clock) return "";
  return `${seoulDate(instant)}T${pad(clock.hours)}:${pad(clock.minutes)}:${pad(clock.seconds)}+09:00`;
}

/** The test calendar's month (1-12) after one step: never before January nor past December. */
export function stepMonthWithinYear(month: number, delta: number): number {
  return Math.min(12, Math.max(1, month + delta));
}

/** A month number from a query string, clamped to 1-12; undefined when it is not a number. */
export function parseMonthOfYear(value: string | null | undefined): number | undefined {
  if (!value || !/^-?\d{1,4}$/.test(value.trim())) return undefined;
  return stepMonthWithinYear(Number(value), 0);
}

/** The date and month of an instant by the clock it is read on (the visitor's, in a browser). */
export function localToday(now: Date): { year: number; month: number; date: string } {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  return { year, month, date: `${pad(year, 4)}-${pad(month)}-${pad(now.getDate())}` };
}

/** The value a `datetime-local` input shows for an instant: Seoul wall-clock time, "2026-11-23T19:00". */
export function seoulDateTimeInput(instant: Date | string): string {
  return seoulDateTime(instant).slice(0, 16);
}

/**
 * Reads a `datetime-local` value ("2026-11-23T19:00", seconds optional) as Seoul wall-clock time
 * and gives the instant as an ISO string in UTC; undefined for anything malformed or for a day
 * the calendar does not have (2026-02-30).
 */
export function parseSeoulDateTimeInput(value: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const [, date = "", hours = "", minutes = "", seconds = "00"] = match;
  const instant = new Date(`${date}T${hours}:${minutes}:${seconds}+09:00`);
  if (Number.isNaN(instant.getTime())) return undefined;
  const iso = instant.toISOString();
  // A day past the month's end rolls over silently; reading it back catches that.
  return seoulDateTime(iso) === `${date}T${hours}:${minutes}:${seconds}+09:00` ? iso : undefined;
}

/**
 * The instant a Seoul date and wall-clock time ("2026-11-23", "19:00") name, as an ISO string in
 * UTC; undefined for a malformed value or a day the calendar does not have.
 */
export function parseSeoulWallClock(date: string, time: string): string | undefined {
  return parseSeoulDateTimeInput(`${date}T${time}`);
}

/**
 * The instant a date and a time of day name ("2024-03-02", "19:00:05.5"), with the offset
 * written after them ("Z", "+0900") or, when none is, in Seoul; undefined when they name none.
 */
export function instantOfDateTime(date: string, time: string, offset?: string): Date | undefined {
  const instant = new Date(`${date}T${time}${offset ?? "+09:00"}`);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** The next midnight in Seoul after `now` (milliseconds since 1970), in the same unit. */
export function nextSeoulMidnight(now: number): number {
  return Math.floor((now + SEOUL_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - SEOUL_OFFSET_MS;
}

/** "2026년 11월 22일"; a value that is no instant is shown as it is. */
export function formatLongDate(instant: string): string {
  const clock = seoulClock(instant);
  return clock ? `${clock.year}년 ${clock.month}월 ${clock.day}일` : instant;
}

/** "2026. 11. 22." */
export function formatShortDate(instant: string): string {
  const clock = seoulClock(instant);
  return clock ? `${clock.year}. ${pad(clock.month)}. ${pad(clock.day)}.` : instant;
}

/**
 * "2026. 11. 22. 19:00", the one way a moment is written on the site's pages and in its
 * messages; with `seconds`, "2026. 11. 22. 19:00:05", where saves a minute apart must differ.
 */
export function formatDateTime(instant: string, options: { seconds?: boolean } = {}): string {
  const clock = seoulClock(instant);
  if (!clock) return instant;
  const time = `${pad(clock.hours)}:${pad(clock.minutes)}${options.seconds ? `:${pad(clock.seconds)}` : ""}`;
  return `${formatShortDate(instant)} ${time}`;
}
