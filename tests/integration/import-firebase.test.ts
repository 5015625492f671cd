import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import { storageKeysOf } from "#server/domain/files/files.ts";
import { sweepOrphanFiles } from "#server/domain/files/sweep.ts";
import { findFileUses } from "#server/domain/files/usage.ts";
import { getSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { ImportRefusedError } from "#server/import/firestore.ts";
import { importFirebaseExport } from "#server/import/run-import.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { seoulDate } from "#shared/dates.ts";
import type { CliResult } from "../support/admin-cli.ts";
import { veventWith } from "../support/icalendar.ts";
import { auditEntries, storedKeys } from "../support/stored-content.ts";
import { type BuiltSite, request, serveBuiltSite } from "./support/built-site.ts";
import { describeEachDatabase } from "./support/databases.ts";
import {
  ARTICLE_WITH_PHOTOS,
  EXAMPLE_DOCUMENTS,
  FIXTURE_DIR,
  fixtureCollections,
  type ImportRun,
  importHere,
  reportSection,
  runImport,
  wrapped,
  writeExport,
} from "./support/firebase-exports.ts";

/**
 * `npm run import:firebase` on the example export (tests/fixtures/firebase-export: the whole
 * database as node-firestore-import-export writes it, Storage as gsutil copies it, with the
 * variants and the damage its README lists) into an empty database: the report and exit status,
 * what visitors then see on the built site (`npm run build` first), a dry run and a second run
 * that change nothing, the imports it refuses, and a failure that leaves nothing behind. The dry
 * run is the command itself, its report and progress as printed; the other runs are the same
 * import in this process (importHere), whose report is compared with the command's.
 */

const ARTICLE_WITH_LOST_PHOTO = "9b1d4e7a2c5f48e0b3a6d9c2f5e8a1b4";
const ARTICLE_WITH_INLINE_PHOTO = "c3e6a9d2f5b84e1a7c0d3f6b9e2a5d87";

/** Every table the import writes, read whole and sorted, to compare before and after. */
const tables: (keyof Database)[] = [
  "documents",
  "files",
  "articles",
  "article_images",
  "article_tag_counts",
  "periods",
  "course_entries",
  "main_activities",
  "odaeho_issues",
  "calendar_events",
  "feed_items",
  "organization_groups",
  "organization_members",
  "audit_log",
  "content_revision",
  "imported_records",
];

async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await db.selectFrom(table).selectAll().execute();
    result[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

/** Each test that runs the command waits for it as long as a busy machine needs. */
const COMMAND_TIMEOUT = 180_000;

/** The report without its timing, to compare two runs. */
const withoutTiming = (result: { stdout: string }) => result.stdout.replace(/Took [\d.]+ s\. /, "");

describeEachDatabase("import from the original site", (services) => {
  let site: BuiltSite;
  let dry: CliResult;
  let first: ImportRun;
  beforeAll(async () => {
    site = await serveBuiltSite(services());
  });
  afterAll(() => site?.close());

  const page = async (address: string) => {
    const response = await request(`${site.base}${address}`);
    expect(response.status, address).toBe(200);
    return response.body;
  };

  test(
    "a failure part-way through leaves no rows and no files",
    async () => {
      const { db, storage } = services();
      // The disk fills up at the first magazine file, after articles and activities were written.
      const failing: FileStorage = {
        put: (key, body) =>
          key.startsWith("odaeho/") ? Promise.reject(new Error("disk full")) : storage.put(key, body),
        urlPrefix: storage.urlPrefix,
        get: (key, range) => storage.get(key, range),
        stat: (key) => storage.stat(key),
        check: () => storage.check(),
        delete: (key) => storage.delete(key),
        exists: (key) => storage.exists(key),
        list: () => storage.list(),
        publicUrl: (key) => storage.publicUrl(key),
      };
      await expect(importFirebaseExport({ ...services(), storage: failing }, FIXTURE_DIR)).rejects.toThrow("disk full");
      const after = await snapshot(db);
      for (const table of tables.filter((name) => name !== "content_revision")) {
        expect(after[table], table).toEqual([]);
      }
      expect(await storedKeys(storage)).toEqual([]);
    },
    COMMAND_TIMEOUT,
  );

  test(
    "an empty site is not started without valid leaders: the whole import is refused",
    async () => {
      const { db, storage } = services();
      // The second leader's number, written as no phone number.
      const collections = JSON.stringify(await fixtureCollections()).replace('"010-2345-6789"', '"내선 307"');
      const folder = await writeExport({ "firestore.json": wrapped(JSON.parse(collections)) });
      try {
        const refusal = importFirebaseExport(services(), folder.dir);
        await expect(refusal).rejects.toThrow(ImportRefusedError);
        await expect(refusal).rejects.toThrow(
          "leaders.1.phoneNumber: 전화번호는 010-1234-5678 형식으로 입력해 주세요.",
        );
        // The command prints the refusal after "Nothing was imported." (import-firebase-shapes).
        await expect(refusal).rejects.toThrow("information/leaders could not be imported");
      } finally {
        await folder.remove();
      }
      expect((await snapshot(db)).documents).toEqual([]);
      expect(await storedKeys(storage)).toEqual([]);
    },
    COMMAND_TIMEOUT,
  );

  test(
    "a dry run prints a real run's report and writes nothing",
    async () => {
      const { db, storage } = services();
      const before = await snapshot(db);
      dry = await runImport(services(), [FIXTURE_DIR, "--dry-run"]);
      expect(dry.code).toBe(1);
      expect(dry.stdout).toContain("Would import: 1 leaders, 1 rules, 1 admission info, 3 articles,");
      expect(dry.stdout).toContain("Dry run: nothing was written.");
      // Progress, a line per kind at least, on stderr.
      expect(dry.stderr).toContain("articles: 4/4");
      expect(dry.stderr).toContain("feed items: 5/5");
      expect(await snapshot(db)).toEqual(before);
      expect(await storedKeys(storage)).toEqual([]);
    },
    COMMAND_TIMEOUT,
  );

  test(
    "the real run prints the dry run's report",
    async () => {
      first = await importHere(services(), FIXTURE_DIR);
      expect(withoutTiming(first).replace("Imported: ", "Would import: ")).toBe(
        withoutTiming(dry).replace("Dry run: nothing was written. ", ""),
      );
    },
    COMMAND_TIMEOUT,
  );

  test("the report names every document, what was skipped or left out and why, and exits 1", async () => {
    expect(first.code).toBe(1);
    expect(first.stdout).toContain("Read firestore.json (a whole database with its __collections__).");
    expect(reportSection(first.stdout, "Documents")).toEqual(EXAMPLE_DOCUMENTS);
    expect(reportSection(first.stdout, "Skipped")).toEqual([
      "community_media/e4b7d0a3c6f94b2e8d1a4c7f0b3e6a95 (e4b7d0a3c6f94b2e8d1a4c7f0b3e6a95): title: 제목을 입력해 주세요.",
      expect.stringMatching(
        /^archive\/calendar\/contents\/calendar\/[0-9a-f]{16} \(contents\/calendar\[3\]\): the entry is '5월 MT \(장소 미정\)', not a record of fields\.$/,
      ),
      "community_feed/feed/items/feed-0001 (사진 파일이 빠진 게시물): gs://syntax-club-site.appspot.com/community/feed/gone01 is missing from the export.",
    ]);
    const leftOut = reportSection(first.stdout, "Left out of records that came in");
    expect(leftOut).toEqual([
      "information/admission_info (모집 안내): gs://syntax-club-site.appspot.com/admission/image is missing from the export. The record came in without it.",
      `community_media/${ARTICLE_WITH_LOST_PHOTO} (봄 학기 정기 세미나 안내): gs://syntax-club-site.appspot.com/community/media/${ARTICLE_WITH_LOST_PHOTO}/lost01 is missing from the export. The record came in without it.`,
      expect.stringContaining(
        "(회장단 이바다): gs://syntax-club-site.appspot.com/about/organization/profile_7t3c9x1e/image was refused: 이미지 파일이 아닙니다.",
      ),
    ]);
    expect(reportSection(first.stdout, "Values kept by a choice")).toEqual([
      "community_activity_main/2024/contents/8b2d5f0c3e6a49b1c7d4f0e3a6b9c2d5 (2024 여름 게임잼): direction '방학 중 2박 3일, 공학관에서' is not left or right: kept as the start of the description; the picture alternates (right).",
    ]);
    expect(first.stdout).toContain("taken from the export: clubName (the magazine PDFs' names)");
    expect(first.stdout).toContain(
      "not in the export: subtitle, description, foundedYear, siteUrl, address, email, social.instagram, social.facebook, social.github, social.youtube",
    );
    expect(first.stdout).toContain("(exit status 1)");
    expect(first.progress).toContainEqual({ kind: "feedItem", done: 5, total: 5 });
    expect(await auditEntries(services().db, "media")).toEqual([
      { type: "normal", content: "원래 사이트(Firebase)에서 게시글 3개를 가져왔습니다", error: null, actor: "import" },
    ]);
  });

  test("every stored file is used by what was imported and is in storage", async () => {
    const { db, storage } = services();
    const rows = await db.selectFrom("files").select(["id", "storage_key", "variant_widths"]).execute();
    const uses = await findFileUses(
      db,
      rows.map((row) => row.id),
    );
    expect(rows.filter((row) => !uses.has(row.id))).toEqual([]);
    const keys = rows.flatMap((row) => storageKeysOf(row.storage_key, JSON.parse(row.variant_widths)));
    expect(await storedKeys(storage)).toEqual(keys.sort());
    await expect(sweepOrphanFiles(db, storage, new Date(Date.now() + 7_200_000))).resolves.toEqual({ strayFiles: 0 });
  });

  test("the site settings keep the export's club name and none of the demo club's identity", async () => {
    const { value } = await getSiteSettings(services().db);
    expect(value.clubName).toBe("SYNTAX");
    expect(value.address).toBe("");
    expect(value.email).toBe("");
    expect(value.social).toEqual({ instagram: "", facebook: "", github: "", youtube: "" });
    expect(value.partners.activitySystem.url).toBe("");
    const about = await page("/about/contact");
    for (const demo of ["새솔", "saesol", "kernel@", "KERNEL"]) expect(about).not.toContain(demo);
    expect(about).toContain("SYNTAX");
  });

  test("the public pages show the imported content, the variants read and the files it has", async () => {
    const media = await page("/community/media");
    for (const title of ["2024 새내기 코딩 대회 후기", "봄 학기 정기 세미나 안내", "여름 게임잼 스케치"]) {
      expect(media).toContain(title);
    }

    // Articles keep their addresses; their pictures come from this site, the HTML's included.
    for (const id of [ARTICLE_WITH_PHOTOS, ARTICLE_WITH_INLINE_PHOTO]) {
      const article = await page(`/community/media/${id}`);
      expect(article).not.toContain("firebasestorage");
      const inline = new RegExp(`<img src="(/uploads/media/${id}/[0-9a-f]+\\.webp)"`).exec(article)?.[1];
      expect(inline, id).toBeDefined();
      const picture = await request(`${site.base}${inline}`);
      expect(picture.status).toBe(200);
      expect(picture.headers["content-type"]).toBe("image/webp");
    }
    // A picture without alt text gets the article's title; one with its own keeps it.
    expect(await page(`/community/media/${ARTICLE_WITH_INLINE_PHOTO}`)).toMatch(
      /<img src="\/uploads\/media\/[0-9a-f]+\/[0-9a-f]+\.webp" alt="여름 게임잼 스케치"/,
    );
    expect(await page(`/community/media/${ARTICLE_WITH_PHOTOS}`)).toContain('alt="시상식"');
    // The picture the export lacks is gone from the article; its text is there.
    const lost = await page(`/community/media/${ARTICLE_WITH_LOST_PHOTO}`);
    expect(lost).toContain("매주 목요일 저녁 7시");
    expect(lost).not.toContain("세미나실 안내도");
    expect(lost).not.toContain("firebasestorage");

    const courses = await page(`/community/activity/courses?period=${encodeURIComponent("2024-1학기")}`);
    for (const title of ["동아리 홈페이지 리뉴얼", "Git 입문", "리눅스 명령어 30선", "알고리즘 스터디"]) {
      expect(courses).toContain(title);
    }
    // A list written as a map of index keys.
    expect(await page(`/community/activity/courses?period=${encodeURIComponent("2023-2학기")}`)).toContain(
      "파이썬 기초",
    );

    const activities = await page("/community/activity/main");
    for (const title of ["해커톤", "여름 게임잼", "새내기 코딩 대회"]) expect(activities).toContain(title);
    expect(activities).toContain("방학 중 2박 3일, 공학관에서");

    // The managers' order of the magazine is kept: the newest issue first.
    const odaeho = await page("/archive/odaeho");
    expect(odaeho.indexOf("오대호 2024")).toBeGreaterThan(-1);
    expect(odaeho.indexOf("오대호 2024")).toBeLessThan(odaeho.indexOf("오대호 2023"));

    expect(await page("/archive/calendar?month=2024-03")).toContain("개강 총회");
    expect(await page("/archive/calendar?month=2024-04")).toContain("중간고사 휴식 기간");

    // Pictures and captions under every usual name, in the feed's own order, dated as written.
    const feed = await page("/community/feed");
    const captions = ["게임잼 발표회", "새벽 네 시의 해커톤", "여름 해커톤 준비 모임", "개강 총회 단체 사진"];
    const at = captions.map((caption) => feed.indexOf(caption));
    expect(at.every((index) => index > -1)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(feed).not.toContain("사진 파일이 빠진 게시물");
    const { db } = services();
    const dates = await db.selectFrom("feed_items").select(["caption", "posted_at"]).orderBy("position").execute();
    expect(dates.map((row) => seoulDate(row.posted_at))).toEqual([
      "2024-07-21",
      "2024-07-14",
      "2024-07-01",
      "2024-03-04",
    ]);

    const organization = await page("/about/organization");
    for (const text of ["회장단", "김하늘", "부회장", "기술부", "박산", "이바다"]) expect(organization).toContain(text);

    // The admission info came in whole without its picture: flag, schedules and questions.
    const join = await page("/join");
    expect(join).toContain("2024 봄 신입 부원 모집");
    expect(join).toContain("코딩을 처음 해도 되나요?");
    expect(join).toContain("서류 접수");
    expect(join).toContain("https://forms.example.org/syntax-apply");

    expect(await page("/archive/rule")).toContain("제1조 (명칭) 본회는 SYNTAX라 한다.");

    // The leaders in every page's footer, the phone number written as the site writes them.
    expect(media).toContain("010-1234-5678");
    expect(media).toContain("이바다");
  });

  test("imported records keep their own dates in the sitemap and the feeds", async () => {
    const sitemap = await page("/sitemap.xml");
    expect(sitemap).toContain(
      `<loc>http://club.test/community/media/${ARTICLE_WITH_PHOTOS}</loc><lastmod>2024-03-30T09:00:00.000Z</lastmod>`,
    );
    expect(sitemap).toContain(
      `<loc>http://club.test/community/media/${ARTICLE_WITH_LOST_PHOTO}</loc><lastmod>2024-02-20T01:30:00.000Z</lastmod>`,
    );
    const rss = await page("/rss.xml");
    expect(rss).toContain("<pubDate>Sat, 30 Mar 2024 09:00:00 GMT</pubDate>");
    expect(rss).toContain("<lastBuildDate>Sun, 14 Jul 2024 12:00:00 GMT</lastBuildDate>");
    const event = veventWith(await page("/calendar.ics"), "SUMMARY:개강 총회");
    expect(event?.get("LAST-MODIFIED")).toBe("20240304T090000Z");
    expect(event?.get("DTSTAMP")).toBe("20240304T090000Z");
  });

  test(
    "a second run changes nothing and reports the same gaps",
    async () => {
      const { db, storage } = services();
      const before = { rows: await snapshot(db), keys: await storedKeys(storage) };
      const second = await importHere(services(), FIXTURE_DIR);
      expect(second.code).toBe(1);
      expect(second.stdout).toContain("Imported: nothing.");
      expect(second.stdout).toContain("Already imported by an earlier run, left as they are: 1 leaders, 1 rules");
      expect(reportSection(second.stdout, "Documents")).toContain(
        `community_media/${ARTICLE_WITH_PHOTOS}: already imported: 1 articles, by an earlier run`,
      );
      expect(reportSection(second.stdout, "Skipped")).toEqual(reportSection(first.stdout, "Skipped"));
      expect(await snapshot(db)).toEqual(before.rows);
      expect(await storedKeys(storage)).toEqual(before.keys);
    },
    COMMAND_TIMEOUT,
  );

  test(
    "a database whose content did not come from an import is refused, and left as it is",
    async () => {
      const { db, storage } = services();
      // As a site the demo or managers filled: content, and no record of an import.
      await db.deleteFrom("imported_records").execute();
      const before = { rows: await snapshot(db), keys: await storedKeys(storage) };
      const refused = importHere(services(), path.join(FIXTURE_DIR, "firestore.json"));
      await expect(refused).rejects.toThrow(ImportRefusedError);
      await expect(refused).rejects.toThrow("The database already has content that did not come from an import");
      expect(await snapshot(db)).toEqual(before.rows);
      expect(await storedKeys(storage)).toEqual(before.keys);
    },
    COMMAND_TIMEOUT,
  );
});
