import { describe, expect, test } from "vitest";
import { archiveName, latestSlot } from "#server/backup/schedule.ts";

describe("the scheduled backup's time", () => {
  const at = { hour: 4, minute: 0 };

  test("is the latest 04:00 in Seoul at or before now", () => {
    // 04:00 in Seoul is 19:00 UTC the day before.
    expect(latestSlot(new Date("2031-05-01T19:00:00Z"), at).toISOString()).toBe("2031-05-01T19:00:00.000Z");
    expect(latestSlot(new Date("2031-05-02T18:59:59Z"), at).toISOString()).toBe("2031-05-01T19:00:00.000Z");
    expect(latestSlot(new Date("2031-05-01T18:59:59Z"), at).toISOString()).toBe("2031-04-30T19:00:00.000Z");
    // Midnight in Seoul and late evening alike.
    expect(latestSlot(new Date("2031-05-01T15:00:00Z"), { hour: 0, minute: 0 }).toISOString()).toBe(
      "2031-05-01T15:00:00.000Z",
    );
    expect(latestSlot(new Date("2031-05-01T15:00:00Z"), { hour: 23, minute: 30 }).toISOString()).toBe(
      "2031-05-01T14:30:00.000Z",
    );
  });

  test("names the archive by its day and time in Seoul, so names sort as they were taken", () => {
    expect(archiveName(new Date("2031-05-01T19:00:00Z"))).toBe("club-backup-20310502-0400.tar.gz");
    expect(archiveName(new Date("2031-12-31T14:30:00Z"))).toBe("club-backup-20311231-2330.tar.gz");
    const names = ["2031-05-01T19:00:00Z", "2031-04-30T19:00:00Z", "2030-12-31T19:00:00Z"].map((slot) =>
      archiveName(new Date(slot)),
    );
    expect([...names].sort()).toEqual([...names].reverse());
  });
});
