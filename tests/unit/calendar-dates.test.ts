import { describe, expect, test } from "vitest";
import {
  addMonths,
  coveredDates,
  formatEventWhen,
  monthRange,
  monthWeeks,
  parseMonthKey,
  parseMonthOfYear,
  seoulDate,
  seoulYearMonth,
  stepMonthWithinYear,
} from "#shared/dates.ts";

describe("Seoul dates", () => {
  test("an instant belongs to the date it is in Korea", () => {
    expect(seoulDate("2026-11-22T14:59:59.999Z")).toBe("2026-11-22");
    expect(seoulDate("2026-11-22T15:00:00.000Z")).toBe("2026-11-23");
    expect(seoulYearMonth(new Date("2026-12-31T15:00:00Z"))).toEqual({ year: 2027, month: 1 });
  });

  test("a month's range runs from its first Seoul midnight to the next month's", () => {
    expect(monthRange({ year: 2026, month: 11 })).toEqual({
      from: "2026-10-31T15:00:00.000Z",
      to: "2026-11-30T15:00:00.000Z",
    });
    expect(monthRange({ year: 2026, month: 12 }).to).toBe("2026-12-31T15:00:00.000Z");
  });

  test("months step across years", () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
  });
});

describe("month grid", () => {
  test("weeks run Sunday to Saturday with blanks outside the month", () => {
    // November 2026 begins on a Sunday and has 30 days.
    const november = monthWeeks({ year: 2026, month: 11 });
    expect(november).toHaveLength(5);
    expect(november[0]).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
      "2026-11-06",
      "2026-11-07",
    ]);
    expect(november[4]).toEqual(["2026-11-29", "2026-11-30", null, null, null, null, null]);

    // December 2026 begins on a Tuesday.
    const december = monthWeeks({ year: 2026, month: 12 });
    expect(december[0]?.slice(0, 3)).toEqual([null, null, "2026-12-01"]);
    expect(december.flat().filter(Boolean)).toHaveLength(31);
  });

  test("February of a leap year has 29 days", () => {
    expect(monthWeeks({ year: 2028, month: 2 }).flat().filter(Boolean).at(-1)).toBe("2028-02-29");
    expect(monthWeeks({ year: 2026, month: 2 }).flat().filter(Boolean).at(-1)).toBe("2026-02-28");
  });
});

describe("the month in the address", () => {
  test("reads YYYY-MM within the calendar's years", () => {
    expect(parseMonthKey("2026-11")).toEqual({ year: 2026, month: 11 });
    expect(parseMonthKey("1973-01")).toEqual({ year: 1973, month: 1 });
  });

  test("anything else is ignored so the page falls back to the current month", () => {
    for (const value of [null, "", "2026-13", "2026-00", "2026-1", "26-11", "1800-01", "9999-12", "2026-11x"]) {
      expect(parseMonthKey(value)).toBeUndefined();
    }
  });
});

describe("event days", () => {
  test("an all-day event covers its dates up to its exclusive end", () => {
    // 25-26 November in Seoul: from midnight on the 25th to midnight starting the 27th.
    expect(coveredDates("2026-11-24T15:00:00.000Z", "2026-11-26T15:00:00.000Z")).toEqual(["2026-11-25", "2026-11-26"]);
  });

  test("a timed event past midnight shows on both days; one without duration on its day", () => {
    expect(coveredDates("2026-11-30T14:00:00.000Z", "2026-11-30T16:00:00.000Z")).toEqual(["2026-11-30", "2026-12-01"]);
    expect(coveredDates("2026-11-30T10:00:00.000Z", "2026-11-30T10:00:00.000Z")).toEqual(["2026-11-30"]);
  });

  test("when an event happens reads as one Korean line", () => {
    expect(
      formatEventWhen({
        startsAt: "2026-11-24T15:00:00.000Z",
        endsAt: "2026-11-25T15:00:00.000Z",
        allDay: true,
      }),
    ).toBe("11월 25일 (수) 종일");
    expect(
      formatEventWhen({
        startsAt: "2026-12-10T15:00:00.000Z",
        endsAt: "2026-12-22T15:00:00.000Z",
        allDay: true,
      }),
    ).toBe("12월 11일 (금) ~ 12월 22일 (화)");
    expect(
      formatEventWhen({
        startsAt: "2026-11-23T10:00:00.000Z",
        endsAt: "2026-11-23T12:00:00.000Z",
        allDay: false,
      }),
    ).toBe("11월 23일 (월) 19:00 ~ 21:00");
    expect(
      formatEventWhen({
        startsAt: "2026-11-30T14:00:00.000Z",
        endsAt: "2026-11-30T16:00:00.000Z",
        allDay: false,
      }),
    ).toBe("11월 30일 (월) 23:00 ~ 12월 1일 (화) 01:00");
  });
});

describe("test calendar stepping", () => {
  test("steps one month at a time and never leaves January to December", () => {
    expect(stepMonthWithinYear(1, -1)).toBe(1);
    expect(stepMonthWithinYear(12, 1)).toBe(12);
    expect(stepMonthWithinYear(6, 1)).toBe(7);
    expect(stepMonthWithinYear(6, -1)).toBe(5);
  });

  test("stepping forward from January visits every month once and stops at December", () => {
    const visited = [1];
    for (let step = 0; step < 14; step += 1) {
      visited.push(stepMonthWithinYear(visited.at(-1) ?? 1, 1));
    }
    expect(visited.slice(0, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(visited.slice(12)).toEqual([12, 12, 12]);
  });

  test("?month= is clamped to 1-12 and ignored when it is not a number", () => {
    expect(parseMonthOfYear("3")).toBe(3);
    expect(parseMonthOfYear("03")).toBe(3);
    expect(parseMonthOfYear("0")).toBe(1);
    expect(parseMonthOfYear("-4")).toBe(1);
    expect(parseMonthOfYear("13")).toBe(12);
    expect(parseMonthOfYear("9999")).toBe(12);
    expect(parseMonthOfYear("march")).toBeUndefined();
    expect(parseMonthOfYear("")).toBeUndefined();
    expect(parseMonthOfYear(null)).toBeUndefined();
    expect(parseMonthOfYear("1.5")).toBeUndefined();
  });
});
