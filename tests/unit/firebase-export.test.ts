import { describe, expect, test } from "vitest";
import { hyphenatedPhone } from "#server/import/documents.ts";
import { bucketPath } from "#server/import/export-files.ts";
import { decodeValue } from "#server/import/firestore.ts";
import { dateInput, dateTimeInput, entryKeys, instant } from "#server/import/source-values.ts";

describe("reading the original site's export", () => {
  test("tagged timestamps become instants, nested in lists and objects too", () => {
    const decoded = decodeValue({
      published_at: { __datatype__: "timestamp", value: { _seconds: 1711789200, _nanoseconds: 500_000_000 } },
      contents: [{ at: { __datatype__: "timestamp", value: { seconds: 0, nanoseconds: 0 } } }],
      place: { __datatype__: "geopoint", value: { _latitude: 37.5, _longitude: 127 } },
    }) as Record<string, unknown>;
    expect(decoded.published_at).toEqual(new Date("2024-03-30T09:00:00.500Z"));
    expect(decoded.contents).toEqual([{ at: new Date(0) }]);
    expect(decoded.place).toEqual({ latitude: 37.5, longitude: 127 });
  });

  test("instants are read from timestamps, ISO strings and Seoul dates; anything else is none", () => {
    expect(instant("2024-02-20T10:30:00+09:00")).toEqual(new Date("2024-02-20T01:30:00Z"));
    expect(instant("2024-02-20")).toEqual(new Date("2024-02-19T15:00:00Z"));
    expect(instant("next week")).toBeUndefined();
    expect(instant(undefined)).toBeUndefined();
    expect(dateTimeInput(new Date("2024-03-30T09:00:00Z"))).toBe("2024-03-30T18:00");
    expect(dateInput("2023-12-22")).toBe("2023-12-22");
    expect(dateInput("")).toBe("");
  });

  test("download URLs, gs:// addresses and bucket paths name the same file", () => {
    const path = "archive/odaeho/d1e4/KERNEL odaeho 오대호 2024.pdf";
    const download = `https://firebasestorage.googleapis.com/v0/b/club.appspot.com/o/${encodeURIComponent(path)}?alt=media&token=abc`;
    expect(bucketPath(download)).toBe(path);
    expect(bucketPath(`gs://club.appspot.com/${path}`)).toBe(path);
    expect(bucketPath(`/${path}`)).toBe(path);
    expect(bucketPath("https://example.org/picture.png")).toBeUndefined();
    expect(bucketPath("")).toBeUndefined();
  });

  test("list entries are known by their id, or by their content when they have none", () => {
    const keys = entryKeys([{ id: "a1" }, { title: "세션" }, { title: "세션" }, { title: "스터디" }]);
    expect(keys[0]).toBe("a1");
    expect(keys[1]).toMatch(/^[0-9a-f]{16}$/);
    expect(keys[2]).toBe(`${keys[1]}~2`);
    expect(keys[3]).not.toBe(keys[1]);
    expect(entryKeys([{ title: "스터디" }])).toEqual([keys[3]]);
  });

  test("phone numbers written as digits get the site's hyphens", () => {
    expect(hyphenatedPhone("01012345678")).toBe("010-1234-5678");
    expect(hyphenatedPhone("0212345678")).toBe("02-1234-5678");
    expect(hyphenatedPhone("021234567")).toBe("02-123-4567");
    expect(hyphenatedPhone("010-2345-6789")).toBe("010-2345-6789");
    expect(hyphenatedPhone("call me")).toBe("call me");
  });
});
