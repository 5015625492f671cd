import { describe, expect, test } from "vitest";
import { parseSeoulDateTimeInput, seoulDateTimeInput } from "#shared/dates.ts";

describe("datetime-local values in Seoul time", () => {
  test("an instant shows as Seoul wall-clock time, and reads back as the same instant", () => {
    expect(seoulDateTimeInput("2026-03-02T09:30:00.000Z")).toBe("2026-03-02T18:30");
    // Past midnight in Seoul is still the previous day in UTC.
    expect(seoulDateTimeInput("2025-12-31T20:00:00.000Z")).toBe("2026-01-01T05:00");
    expect(parseSeoulDateTimeInput("2026-01-01T05:00")).toBe("2025-12-31T20:00:00.000Z");
    expect(parseSeoulDateTimeInput("2026-03-02T18:30:15")).toBe("2026-03-02T09:30:15.000Z");
    expect(parseSeoulDateTimeInput("2028-02-29T12:00")).toBe("2028-02-29T03:00:00.000Z");
  });

  test("malformed values and days the calendar does not have are refused", () => {
    for (const value of [
      "",
      "어제",
      "2026-3-2T18:30",
      "2026-03-02 18:30",
      "2026-02-29T10:00",
      "2026-04-31T10:00",
      "2026-13-01T10:00",
      "2026-03-02T24:00",
      "2026-03-02T18:60",
      "2026-03-02T18:30Z",
    ]) {
      expect(parseSeoulDateTimeInput(value), value).toBeUndefined();
    }
  });
});
