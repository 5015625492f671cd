import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  formatDateTime,
  formatLongDate,
  formatShortDate,
  nextSeoulMidnight,
  parseSeoulWallClock,
  seoulDateTime,
} from "#shared/dates.ts";

describe("dates as people read them, in Seoul time", () => {
  // 23:19:05 on 28 November 2026 in Seoul; still the 28th, 14:19 in UTC.
  const instant = "2026-11-28T14:19:05.000Z";

  test("one style for a moment, with seconds where saves a minute apart must differ", () => {
    expect(formatDateTime(instant)).toBe("2026. 11. 28. 23:19");
    expect(formatDateTime(instant, { seconds: true })).toBe("2026. 11. 28. 23:19:05");
    expect(formatDateTime("2026-01-01T15:00:00.000Z")).toBe("2026. 01. 02. 00:00");
    expect(formatShortDate(instant)).toBe("2026. 11. 28.");
    expect(formatLongDate("2026-11-28T15:30:00.000Z")).toBe("2026년 11월 29일");
  });

  test("the same text as Intl writes for Korea, whatever the machine's time zone", () => {
    const intl = new Intl.DateTimeFormat("ko-KR", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
      timeZone: "Asia/Seoul",
    });
    for (const at of [instant, "2026-02-03T00:05:00.000Z", "1999-12-31T15:00:00.000Z"]) {
      expect(formatDateTime(at)).toBe(intl.format(new Date(at)));
    }
  });

  test("a value that is no instant is shown as it is", () => {
    expect(formatDateTime("언젠가")).toBe("언젠가");
    expect(formatLongDate("")).toBe("");
    expect(seoulDateTime("not a date")).toBe("");
  });

  test("a Seoul date and wall-clock time read as an instant", () => {
    expect(parseSeoulWallClock("2026-11-23", "19:00")).toBe("2026-11-23T10:00:00.000Z");
    expect(parseSeoulWallClock("2026-01-01", "05:00")).toBe("2025-12-31T20:00:00.000Z");
    expect(parseSeoulWallClock("2026-02-30", "10:00")).toBeUndefined();
    expect(parseSeoulWallClock("2026-11-23", "7pm")).toBeUndefined();
  });

  test("the next Seoul midnight", () => {
    expect(new Date(nextSeoulMidnight(Date.parse(instant))).toISOString()).toBe("2026-11-28T15:00:00.000Z");
    expect(new Date(nextSeoulMidnight(Date.parse("2026-11-28T15:00:00.000Z"))).toISOString()).toBe(
      "2026-11-29T15:00:00.000Z",
    );
  });
});

/** Every source file under a folder of the project. */
async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

test("dates are read, computed and written in shared/dates.ts alone", async () => {
  const elsewhere =
    /Intl\.DateTimeFormat|Asia\/Seoul|\+09:00|toLocale(Date|Time)String|\.(getFullYear|getMonth|getDate|getHours|getMinutes|getDay)\(|9 \* 60 \* 60 \* 1000/;
  const files = (await Promise.all(["app", "server", "shared", "scripts"].map(sourceFiles))).flat();
  const offenders: string[] = [];
  for (const file of files) {
    if (file === path.join("shared", "dates.ts")) continue;
    const lines = (await readFile(file, "utf8")).split("\n");
    for (const [index, line] of lines.entries()) {
      if (elsewhere.test(line)) offenders.push(`${file}:${index + 1}: ${line.trim()}`);
    }
  }
  expect(offenders).toEqual([]);
});
