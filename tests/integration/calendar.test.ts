import { CompiledQuery, sql } from "kysely";
import { beforeAll, expect, test } from "vitest";
import {
  eventsBetweenQuery,
  listAllEvents,
  listEventsBetween,
  listEventsInMonth,
} from "#server/domain/calendar/calendar.ts";
import { seoulMidnight } from "#shared/dates.ts";
import { describeEachDatabase } from "./support/databases.ts";

/** A Seoul wall-clock time as the UTC instant the database stores. */
const seoul = (dateTime: string) => new Date(`${dateTime}+09:00`).toISOString();
const allDay = (first: string, dayAfterLast: string) => ({
  starts_at: seoulMidnight(first).toISOString(),
  ends_at: seoulMidnight(dayAfterLast).toISOString(),
  all_day: 1,
});
const timed = (start: string, end: string) => ({
  starts_at: seoul(start),
  ends_at: seoul(end),
  all_day: 0,
});

const rows = {
  octoberOnly: { title: "10월 세션", ...timed("2026-10-14T19:00:00", "2026-10-14T21:00:00") },
  intoNovember: { title: "10월 말 해커톤", ...allDay("2026-10-30", "2026-11-02") },
  endsAtNovemberMidnight: { title: "10월 31일 종일", ...allDay("2026-10-31", "2026-11-01") },
  novemberFirstEarly: {
    title: "새벽 서버 점검",
    ...timed("2026-11-01T00:00:00", "2026-11-01T02:00:00"),
  },
  novemberTimed: { title: "정기 세션", ...timed("2026-11-23T19:00:00", "2026-11-23T21:00:00") },
  novemberAllDay: { title: "오대호 배포", ...allDay("2026-11-26", "2026-11-27") },
  lastEvening: {
    title: "송년 라이브 코딩",
    ...timed("2026-11-30T23:00:00", "2026-12-01T01:00:00"),
  },
  // 30 November 21:00 UTC is already 1 December in Seoul.
  utcNovemberSeoulDecember: {
    title: "12월 첫 모임",
    ...timed("2026-12-01T06:00:00", "2026-12-01T08:00:00"),
  },
  finals: { title: "기말고사 기간", ...allDay("2026-12-11", "2026-12-23") },
  acrossYear: { title: "겨울 합숙", ...allDay("2026-12-30", "2027-01-03") },
  instant: { title: "마감 알림", ...timed("2026-11-10T12:00:00", "2026-11-10T12:00:00") },
};

describeEachDatabase("calendar month query", (services) => {
  beforeAll(async () => {
    const { db } = services();
    const stamp = new Date().toISOString();
    let n = 0;
    for (const row of Object.values(rows)) {
      n += 1;
      await db
        .insertInto("calendar_events")
        .values({
          id: `event${String(n).padStart(27, "0")}`,
          location: "학생회관 307호",
          description: `${row.title} 설명`,
          created_at: stamp,
          updated_at: stamp,
          ...row,
        })
        .execute();
    }
  });

  const titles = async (promise: Promise<{ title: string }[]>) => (await promise).map((event) => event.title);

  test("a month holds events that begin before it, inside it, or run past its end", async () => {
    const { db } = services();
    expect(await titles(listEventsInMonth(db, { year: 2026, month: 11 }))).toEqual([
      "10월 말 해커톤",
      "새벽 서버 점검",
      "마감 알림",
      "정기 세션",
      "오대호 배포",
      "송년 라이브 코딩",
    ]);
  });

  test("an all-day event ending at the month's first midnight stays in the month before", async () => {
    const { db } = services();
    const october = await titles(listEventsInMonth(db, { year: 2026, month: 10 }));
    expect(october).toEqual(["10월 세션", "10월 말 해커톤", "10월 31일 종일"]);
  });

  test("months are Seoul months, not UTC ones", async () => {
    const { db } = services();
    const december = await titles(listEventsInMonth(db, { year: 2026, month: 12 }));
    expect(december).toEqual(["송년 라이브 코딩", "12월 첫 모임", "기말고사 기간", "겨울 합숙"]);
    const january = await titles(listEventsInMonth(db, { year: 2027, month: 1 }));
    expect(january).toEqual(["겨울 합숙"]);
  });

  test("events come back whole, with all-day as a boolean", async () => {
    const { db } = services();
    const [hackathon] = await listEventsInMonth(db, { year: 2026, month: 11 });
    expect(hackathon).toEqual({
      id: expect.stringMatching(/^event/),
      title: "10월 말 해커톤",
      startsAt: "2026-10-29T15:00:00.000Z",
      endsAt: "2026-11-01T15:00:00.000Z",
      allDay: true,
      location: "학생회관 307호",
      description: "10월 말 해커톤 설명",
      version: 1,
      updatedAt: expect.any(String),
    });
  });

  test("an empty range and a month without events give nothing", async () => {
    const { db } = services();
    await expect(listEventsInMonth(db, { year: 2025, month: 6 })).resolves.toEqual([]);
    const at = seoul("2026-11-24T12:00:00");
    await expect(listEventsBetween(db, at, at)).resolves.toEqual([]);
  });

  test("the feed lists every event in start order", async () => {
    const { db } = services();
    const all = await titles(listAllEvents(db));
    expect(all).toHaveLength(Object.keys(rows).length);
    expect(all[0]).toBe("10월 세션");
    expect(all.at(-1)).toBe("겨울 합숙");
  });

  test("the month query is answered from the starts_at index", async () => {
    const { db, engine } = services();
    const query = eventsBetweenQuery(db, seoul("2026-11-01T00:00:00"), seoul("2026-12-01T00:00:00")).compile();
    const explain = (prefix: string) => CompiledQuery.raw(`${prefix} ${query.sql}`, [...query.parameters]);
    if (engine === "sqlite") {
      const plan = await db.executeQuery<{ detail: string }>(explain("explain query plan"));
      expect(plan.rows.map((row) => row.detail).join("\n")).toContain("calendar_events_starts_at");
    } else {
      // A tiny table is scanned whatever its indexes; with sequential scans off, the plan shows
      // whether the index can serve the query at all.
      await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const plan = await trx.executeQuery<{ "QUERY PLAN": string }>(explain("explain"));
        expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain("calendar_events_starts_at");
      });
    }
  });
});
