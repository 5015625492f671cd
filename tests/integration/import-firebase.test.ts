import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import { storageKeysOf } from "#server/domain/files/files.ts";
import { sweepOrphanFiles } from "#server/domain/files/sweep.ts";
import { findFileUses } from "#server/domain/files/usage.ts";
import { ImportRefusedError } from "#server/import/firestore.ts";
import type { ImportReport } from "#server/import/report.ts";
import { importFirebaseExport } from "#server/import/run-import.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { auditEntries, storedKeys } from "../support/stored-content.ts";
import { type BuiltSite, request, serveBuiltSite } from "./support/built-site.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * The import of the original site's export (tests/fixtures/firebase-export) into an empty
 * database: what visitors then see on the built site (`npm run build` first), a second run that
 * changes nothing, the broken documents it reports, the imports it refuses, and a failure that
 * leaves nothing behind.
 */

const EXPORT_DIR = path.resolve("tests/fixtures/firebase-export");
const ARTICLE_WITH_PHOTOS = "5f0c2a9e7d3b4c1a8e6f9d2b0a4c7e31";
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

describeEachDatabase("import from the original site", (services) => {
  let site: BuiltSite;
  let first: ImportReport;
  beforeAll(async () => {
    site = await serveBuiltSite(services());
  });
  afterAll(() => site?.close());

  const page = async (address: string) => {
    const response = await request(`${site.base}${address}`);
    expect(response.status, address).toBe(200);
    return response.body;
  };

  test("a failure part-way through leaves no rows and no files", async () => {
    const { db, storage } = services();
    // The disk fills up at the first magazine file, after articles and activities were written.
    const failing: FileStorage = {
      put: (key, body) => (key.startsWith("odaeho/") ? Promise.reject(new Error("disk full")) : storage.put(key, body)),
      urlPrefix: storage.urlPrefix,
      get: (key, range) => storage.get(key, range),
      stat: (key) => storage.stat(key),
      check: () => storage.check(),
      delete: (key) => storage.delete(key),
      exists: (key) => storage.exists(key),
      list: () => storage.list(),
      publicUrl: (key) => storage.publicUrl(key),
    };
    await expect(importFirebaseExport({ ...services(), storage: failing }, EXPORT_DIR)).rejects.toThrow("disk full");
    const after = await snapshot(db);
    for (const table of tables.filter((name) => name !== "content_revision")) {
      expect(after[table], table).toEqual([]);
    }
    expect(await storedKeys(storage)).toEqual([]);
  });

  test("an empty site is not started without valid leaders: the whole import is refused", async () => {
    const { db, storage } = services();
    const broken = await mkdtemp(path.join(tmpdir(), "firebase-export-"));
    try {
      const json = JSON.parse(await readFile(path.join(EXPORT_DIR, "firestore.json"), "utf8"));
      json.information.leaders.leaders[1].phoneNumber = "내선 307";
      await writeFile(path.join(broken, "firestore.json"), JSON.stringify(json));
      await symlink(path.join(EXPORT_DIR, "storage"), path.join(broken, "storage"));
      const refusal = importFirebaseExport(services(), broken);
      await expect(refusal).rejects.toThrow(ImportRefusedError);
      await expect(refusal).rejects.toThrow("leaders.1.phoneNumber: 전화번호는 010-1234-5678 형식으로 입력해 주세요.");
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
    expect((await snapshot(db)).documents).toEqual([]);
    expect(await storedKeys(storage)).toEqual([]);
  });

  test("a dry run reports what it would import and writes nothing", async () => {
    const { db, storage } = services();
    const before = await snapshot(db);
    const report = await importFirebaseExport(services(), EXPORT_DIR, { dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.imported).toHaveLength(28);
    expect(report.skipped).toHaveLength(2);
    expect(await snapshot(db)).toEqual(before);
    expect(await storedKeys(storage)).toEqual([]);
  });

  test("imports every kind of content, reporting the documents it skips and why", async () => {
    first = await importFirebaseExport(services(), EXPORT_DIR);
    const counts: Record<string, number> = {};
    for (const item of first.imported) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
    expect(counts).toEqual({
      leaders: 1,
      admissions: 1,
      rules: 1,
      article: 3,
      period: 2,
      courseEntry: 5,
      activity: 3,
      odaeho: 2,
      event: 3,
      feedItem: 2,
      group: 2,
      member: 3,
    });
    expect(first.skipped).toEqual([
      expect.objectContaining({
        source: "community_media/e4b7d0a3c6f94b2e8d1a4c7f0b3e6a95",
        reason: "title: 제목을 입력해 주세요.",
      }),
      expect.objectContaining({
        source: "community_feed/feed/items/feed-0001",
        reason: "storage/community/feed/gone01 is missing from the export.",
      }),
    ]);
    expect(first.notes).toContain("information/logs was not imported: the site keeps an audit log of its own.");
    expect(await auditEntries(services().db, "media")).toEqual([
      { type: "normal", content: "원래 사이트(Firebase)에서 게시글 3개를 가져왔습니다", error: null, actor: "import" },
    ]);

    // Every stored file is used by what was imported and is in storage: nothing to sweep.
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

  test("the public pages show the imported content", async () => {
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

    const courses = await page(`/community/activity/courses?period=${encodeURIComponent("2024-1학기")}`);
    for (const title of ["동아리 홈페이지 리뉴얼", "Git 입문", "리눅스 명령어 30선", "알고리즘 스터디"]) {
      expect(courses).toContain(title);
    }
    expect(await page(`/community/activity/courses?period=${encodeURIComponent("2023-2학기")}`)).toContain(
      "파이썬 기초",
    );

    const activities = await page("/community/activity/main");
    for (const title of ["해커톤", "여름 게임잼", "새내기 코딩 대회"]) expect(activities).toContain(title);

    // The managers' order of the magazine is kept: the newest issue first.
    const odaeho = await page("/archive/odaeho");
    expect(odaeho.indexOf("오대호 2024")).toBeGreaterThan(-1);
    expect(odaeho.indexOf("오대호 2024")).toBeLessThan(odaeho.indexOf("오대호 2023"));

    expect(await page("/archive/calendar?month=2024-03")).toContain("개강 총회");
    expect(await page("/archive/calendar?month=2024-04")).toContain("중간고사 휴식 기간");

    const feed = await page("/community/feed");
    expect(feed).toContain("새벽 네 시의 해커톤");
    expect(feed).toContain("개강 총회 단체 사진");
    expect(feed).not.toContain("사진 파일이 빠진 게시물");

    const organization = await page("/about/organization");
    for (const text of ["회장단", "김하늘", "부회장", "기술부", "박산"]) expect(organization).toContain(text);

    const join = await page("/join");
    expect(join).toContain("2024 봄 신입 부원 모집");
    expect(join).toContain("코딩을 처음 해도 되나요?");
    expect(join).toContain("서류 접수");

    expect(await page("/archive/rule")).toContain("제1조 (명칭) 본회는 KERNEL이라 한다.");

    // The leaders in every page's footer, the phone number written as the site writes them.
    expect(media).toContain("010-1234-5678");
    expect(media).toContain("이바다");
  });

  test("a second run changes nothing", async () => {
    const { db, storage } = services();
    const before = { rows: await snapshot(db), keys: await storedKeys(storage) };
    const second = await importFirebaseExport(services(), EXPORT_DIR);
    expect(second.imported).toEqual([]);
    expect(second.alreadyImported.map((item) => item.source).sort()).toEqual(
      first.imported.map((item) => item.source).sort(),
    );
    expect(second.skipped.map((item) => item.reason)).toEqual(first.skipped.map((item) => item.reason));
    expect(await snapshot(db)).toEqual(before.rows);
    expect(await storedKeys(storage)).toEqual(before.keys);
  });

  test("a database whose content did not come from an import is refused, and left as it is", async () => {
    const { db, storage } = services();
    // As a site the demo or managers filled: content, and no record of an import.
    await db.deleteFrom("imported_records").execute();
    const before = { rows: await snapshot(db), keys: await storedKeys(storage) };
    await expect(importFirebaseExport(services(), EXPORT_DIR)).rejects.toThrow(
      "The database already has content that did not come from an import",
    );
    expect(await snapshot(db)).toEqual(before.rows);
    expect(await storedKeys(storage)).toEqual(before.keys);
  });
});
