import { describe, expect, test } from "vitest";
import { demoSiteSettings, withClubIdentity } from "#server/domain/site-settings/site-settings.ts";
import { hyphenatedPhone } from "#server/import/documents.ts";
import { decodeValue, shapeOf } from "#server/import/firestore.ts";
import {
  bucketPath,
  dateInput,
  dateTimeInput,
  entryKeys,
  instant,
  list,
  pictureAddress,
  storageAddress,
} from "#server/import/source-values.ts";

describe("reading the original site's export", () => {
  test("tagged and bare timestamps become instants, nested in lists and objects too", () => {
    const decoded = decodeValue({
      published_at: { __datatype__: "timestamp", value: { _seconds: 1711789200, _nanoseconds: 500_000_000 } },
      contents: [{ at: { __datatype__: "timestamp", value: { seconds: 0, nanoseconds: 0 } } }],
      bare: { _seconds: 1711789200, _nanoseconds: 0 },
      newer: { seconds: 1711789200, nanoseconds: 0 },
      notTime: { seconds: 3, label: "three seconds" },
      place: { __datatype__: "geopoint", value: { _latitude: 37.5, _longitude: 127 } },
    }) as Record<string, unknown>;
    expect(decoded.published_at).toEqual(new Date("2024-03-30T09:00:00.500Z"));
    expect(decoded.contents).toEqual([{ at: new Date(0) }]);
    expect(decoded.bare).toEqual(new Date("2024-03-30T09:00:00Z"));
    expect(decoded.newer).toEqual(new Date("2024-03-30T09:00:00Z"));
    expect(decoded.notTime).toEqual({ seconds: 3, label: "three seconds" });
    expect(decoded.place).toEqual({ latitude: 37.5, longitude: 127 });
  });

  test("instants are read from timestamps, ISO strings, dates alone and numbers since 1970", () => {
    expect(instant("2024-02-20T10:30:00+09:00")).toEqual(new Date("2024-02-20T01:30:00Z"));
    // A time without its offset is Seoul's, whatever the machine's zone.
    expect(instant("2024-02-20T10:30:00")).toEqual(new Date("2024-02-20T01:30:00Z"));
    expect(instant("2024-02-20 10:30")).toEqual(new Date("2024-02-20T01:30:00Z"));
    expect(instant("2024-02-20")).toEqual(new Date("2024-02-19T15:00:00Z"));
    expect(instant("2024.2.20.")).toEqual(new Date("2024-02-19T15:00:00Z"));
    expect(instant(1708392600)).toEqual(new Date("2024-02-20T01:30:00Z"));
    expect(instant(1708392600000)).toEqual(new Date("2024-02-20T01:30:00Z"));
    expect(instant("1708392600000")).toEqual(new Date("2024-02-20T01:30:00Z"));
    expect(instant({ __datatype__: "timestamp", value: { _seconds: 1708392600, _nanoseconds: 0 } })).toEqual(
      new Date("2024-02-20T01:30:00Z"),
    );
    expect(instant({ seconds: 1708392600, nanoseconds: 0 })).toEqual(new Date("2024-02-20T01:30:00Z"));
    for (const none of ["next week", "3월 2일", "", 0, -5, true, undefined, null])
      expect(instant(none)).toBeUndefined();
    expect(dateTimeInput(new Date("2024-03-30T09:00:00Z"))).toBe("2024-03-30T18:00");
    expect(dateInput("2023-12-22")).toBe("2023-12-22");
    expect(dateInput("")).toBe("");
  });

  test("lists are arrays or maps of index keys, read in the keys' order", () => {
    expect(list(["a", "b"])).toEqual(["a", "b"]);
    expect(list({ "1": "b", "0": "a", "10": "k", "2": "c" })).toEqual(["a", "b", "c", "k"]);
    expect(list({ calendar: [] })).toEqual([]);
    expect(list("a, b")).toEqual([]);
    expect(list(undefined)).toEqual([]);
  });

  test("download URLs, gs:// addresses and bucket paths name the same file", () => {
    const path = "archive/odaeho/d1e4/SYNTAX odaeho 오대호 2024.pdf";
    const download = `https://firebasestorage.googleapis.com/v0/b/club.appspot.com/o/${encodeURIComponent(path)}?alt=media&token=abc`;
    expect(storageAddress(download)).toEqual({ bucket: "club.appspot.com", path });
    expect(storageAddress(`gs://club.appspot.com/${path}`)).toEqual({ bucket: "club.appspot.com", path });
    expect(bucketPath(`/${path}`)).toBe(path);
    expect(bucketPath("https://example.org/picture.png")).toBeUndefined();
    expect(bucketPath("//example.org/picture.png")).toBeUndefined();
    expect(bucketPath("")).toBeUndefined();
  });

  test("a picture is found under any of the usual names, a Storage address first", () => {
    const storage = "gs://club.appspot.com/community/feed/p7x2k9";
    expect(pictureAddress({ imgUrl: storage })).toBe(storage);
    expect(pictureAddress({ image: storage })).toBe(storage);
    expect(pictureAddress({ src: storage })).toBe(storage);
    expect(pictureAddress({ image: { url: storage } })).toBe(storage);
    expect(pictureAddress({ images: [storage] }, ["images"])).toBe(storage);
    // A post's own address under `url` is no picture when a Storage one is there too.
    expect(pictureAddress({ url: "https://www.instagram.com/p/x", image: storage })).toBe(storage);
    expect(pictureAddress({ url: "https://example.org/a.png" })).toBe("https://example.org/a.png");
    expect(pictureAddress({ imgUrl: "", caption: "없음" })).toBeUndefined();
  });

  test("each tool's file is told apart by its shape", () => {
    expect(shapeOf({ __collections__: { community_media: {} } }, "firestore.json")).toBe("database");
    expect(shapeOf({ community_media: { a1: { title: "글" } } }, "firestore.json")).toBe("collections");
    expect(shapeOf({ a1: { title: "글", __collections__: {} } }, "community_media.json")).toBe("documents");
    expect(shapeOf({ leaders: { leaders: [] } }, "information.json")).toBe("documents");
    expect(shapeOf({ information: { leaders: { leaders: [] } } }, "information.json")).toBe("collections");
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

describe("a club's identity over the site settings", () => {
  test("takes what the club has, and keeps nothing of the demo club's", () => {
    const demo = demoSiteSettings("http://localhost:3000");
    const { settings, missing, refused } = withClubIdentity(demo, {
      clubName: "SYNTAX",
      email: "syntax@club.example",
      social: { instagram: "https://www.instagram.com/syntax.club", github: "not a link" },
    });
    expect(settings.clubName).toBe("SYNTAX");
    expect(settings.email).toBe("syntax@club.example");
    expect(settings.social).toEqual({
      instagram: "https://www.instagram.com/syntax.club",
      facebook: "",
      github: "",
      youtube: "",
    });
    expect(settings.address).toBe("");
    expect(settings.subtitle).not.toBe(demo.subtitle);
    expect(settings.description).not.toBe(demo.description);
    expect(settings.partners.activitySystem).toEqual({ label: demo.partners.activitySystem.label, url: "" });
    expect(settings.siteUrl).toBe("http://localhost:3000");
    expect(missing).toEqual([
      "subtitle",
      "description",
      "foundedYear",
      "siteUrl",
      "address",
      "social.facebook",
      "social.github",
      "social.youtube",
    ]);
    expect(refused).toEqual([{ field: "social.github", message: expect.stringContaining("https://") }]);
  });

  test("leaves a club's own values it has no replacement for", () => {
    const own = { ...demoSiteSettings("https://club.example.org"), clubName: "우리", address: "공학관 101호" };
    const { settings } = withClubIdentity(own, {});
    expect(settings.clubName).toBe("우리");
    expect(settings.address).toBe("공학관 101호");
  });
});
