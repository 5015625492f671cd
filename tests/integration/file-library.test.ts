import { beforeAll, expect, test } from "vitest";
import type { Db } from "#server/db/database.ts";
import { type StoredFile, writeWithFiles } from "#server/domain/files/files.ts";
import {
  FILE_COUNT_LIMIT,
  FILE_PAGE_SIZE,
  type FileListQuery,
  listLibraryFiles,
} from "#server/domain/files/library.ts";
import { FileInUseError, type FileUse, fileColumns, findFileUses } from "#server/domain/files/usage.ts";
import { getHomeContent } from "#server/domain/home/home.ts";
import { getRules } from "#server/domain/rules/rules.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { auditEntries, existingKeys, keysOfFile, storedFiles } from "../support/stored-content.ts";
import { postCommand } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * The file library: where each file is used (every table column and document that names files),
 * the list's search and its kind and use filters answered by the database, and deleting files
 * nothing uses through the one write path, while a file still used is refused.
 */

const query = (overrides: Partial<FileListQuery> = {}): FileListQuery => ({
  page: 1,
  search: "",
  kind: "",
  use: "",
  ...overrides,
});

/** A file stored with no content naming it, as a restore or a crash can leave one. */
/**
 * A file no row uses, stored `secondsLater` after now: the list is newest first, and files stored
 * within one millisecond would have no order between them.
 */
async function storeUnused(db: Db, storage: FileStorage, name: string, secondsLater: number): Promise<StoredFile> {
  const stored = await storeFile(db, storage, name);
  const createdAt = new Date(Date.now() + secondsLater * 1000).toISOString();
  await db.updateTable("files").set({ created_at: createdAt }).where("id", "=", stored.id).execute();
  return stored;
}

function storeFile(db: Db, storage: FileStorage, name: string): Promise<StoredFile> {
  const pdf = name.endsWith(".pdf");
  return writeWithFiles(db, storage, (_trx, files) =>
    files.store({
      folder: "library-test",
      extension: pdf ? "pdf" : "webp",
      contentType: pdf ? "application/pdf" : "image/webp",
      body: Buffer.from(pdf ? "%PDF-1.7\n%%EOF\n" : "not really a picture"),
      originalName: name,
      width: pdf ? undefined : 320,
      height: pdf ? undefined : 240,
      variants: pdf ? [] : [{ width: 160, body: Buffer.from("smaller") }],
    }),
  );
}

const firstId = async (db: Db, select: (db: Db) => Promise<{ id: string | null } | undefined>) => {
  const row = await select(db);
  if (!row?.id) throw new Error("the demo content has no such file");
  return row.id;
};

describeEachDatabase(
  "the file library",
  (services) => {
    /** One file of each kind of use in the demo content. */
    const used: Record<string, string> = {};
    let unusedPicture: StoredFile;
    let unusedPdf: StoredFile;
    let oddName: StoredFile;

    beforeAll(async () => {
      const { db, storage } = services();
      used.article = await firstId(db, (d) =>
        d.selectFrom("article_images").select("file_id as id").orderBy("file_id").executeTakeFirst(),
      );
      used.activity = await firstId(db, (d) =>
        d.selectFrom("main_activities").select("image_file_id as id").orderBy("id").executeTakeFirst(),
      );
      used.odaehoCover = await firstId(db, (d) =>
        d.selectFrom("odaeho_issues").select("thumbnail_file_id as id").orderBy("id").executeTakeFirst(),
      );
      used.odaehoPdf = await firstId(db, (d) =>
        d.selectFrom("odaeho_issues").select("pdf_file_id as id").orderBy("id").executeTakeFirst(),
      );
      used.feed = await firstId(db, (d) =>
        d.selectFrom("feed_items").select("image_file_id as id").orderBy("id").executeTakeFirst(),
      );
      used.member = await firstId(db, (d) =>
        d.selectFrom("organization_members").select("photo_file_id as id").orderBy("id").executeTakeFirst(),
      );
      const home = (await getHomeContent(db)).value;
      used.hero = home.heroImages[1]?.fileId ?? "";
      used.poster = home.video.posterFileId ?? "";
      used.event = home.events[0]?.imageFileId ?? "";
      const admission = await db.selectFrom("documents").select("value").where("key", "=", "admission_info").execute();
      used.admission = JSON.parse(admission[0]?.value ?? "{}").meta.imageFileId;
      used.rules = (await getRules(db)).value.attachments[0]?.fileId ?? "";

      unusedPicture = await storeUnused(db, storage, "회의록 사진.webp", 1);
      unusedPdf = await storeUnused(db, storage, "안 쓰는 안내문.pdf", 2);
      oddName = await storeUnused(db, storage, "100%_Final REPORT.pdf", 3);
    });

    const usesOf = async (id: string): Promise<FileUse[]> => (await findFileUses(services().db, [id])).get(id) ?? [];

    test("where-used finds every column and document that names files", async () => {
      const { db } = services();
      const title = await db
        .selectFrom("article_images")
        .innerJoin("articles", "articles.id", "article_images.article_id")
        .select(["articles.id", "articles.title", "article_images.position"])
        .where("article_images.file_id", "=", used.article ?? "")
        .executeTakeFirstOrThrow();
      expect(await usesOf(used.article ?? "")).toEqual([
        {
          place: "미디어 게시글",
          item: `'${title.title}' 사진 ${title.position + 1}`,
          href: `/admin/manage-posts/${title.id}`,
        },
      ]);
      const expected: [string, Partial<FileUse>][] = [
        ["activity", { place: "주요 활동", href: "/admin/manage-main-activity" }],
        ["odaehoCover", { place: "오대호", item: expect.stringMatching(/ 표지$/), href: "/admin/manage-odaeho" }],
        ["odaehoPdf", { place: "오대호", item: expect.stringMatching(/ PDF$/), href: "/admin/manage-odaeho" }],
        ["feed", { place: "피드", href: "/admin/manage-feed" }],
        ["member", { place: "조직도", href: "/admin/manage-organization" }],
        ["hero", { place: "홈 화면", item: "첫 화면 사진 2", href: "/admin/manage-settings" }],
        ["poster", { place: "홈 화면", item: expect.stringMatching(/^영상 표지/), href: "/admin/manage-settings" }],
        [
          "event",
          { place: "홈 화면", item: expect.stringMatching(/^행사 사진 '.+'$/), href: "/admin/manage-settings" },
        ],
        ["admission", { place: "모집 안내", item: expect.stringMatching(/^포스터/), href: "/admin/manage-admissions" }],
        ["rules", { place: "회칙", item: expect.stringMatching(/^첨부 파일 '.+'$/), href: "/admin/manage-rule" }],
      ];
      for (const [kind, use] of expected) {
        expect(await usesOf(used[kind] ?? ""), kind).toEqual([expect.objectContaining(use)]);
      }
      await expect(usesOf(unusedPicture.id)).resolves.toEqual([]);

      // Every column of the schema that names a file is one the library looks in.
      const columns = (await db.introspection.getTables()).flatMap((table) =>
        table.columns.filter((column) => /file_id$/.test(column.name)).map((column) => `${table.name}.${column.name}`),
      );
      expect(columns.sort()).toEqual(fileColumns.map(({ table, column }) => `${table}.${column}`).sort());
    });

    test("the list filters by use and kind and searches names in the database, a page at a time", async () => {
      const { db, storage } = services();
      const all = await listLibraryFiles(db, storage, query());
      const unused = await listLibraryFiles(db, storage, query({ use: "unused" }));
      const usedFiles = await listLibraryFiles(db, storage, query({ use: "used" }));
      // Newest first: the three stored last.
      expect(unused.items.map((file) => file.name)).toEqual([
        "100%_Final REPORT.pdf",
        "안 쓰는 안내문.pdf",
        "회의록 사진.webp",
      ]);
      expect(unused.items.every((file) => file.uses.length === 0)).toBe(true);
      expect(usedFiles.total).toBe(all.total - 3);
      expect(usedFiles.items.every((file) => file.uses.length > 0)).toBe(true);
      expect(all.items.slice(0, 3).map((file) => file.id)).toEqual([oddName.id, unusedPdf.id, unusedPicture.id]);

      const picture = unused.items[2];
      expect(picture).toMatchObject({
        kind: "image",
        width: 320,
        height: 240,
        url: unusedPicture.url,
        image: { url: unusedPicture.url, srcSet: expect.stringContaining("160w") },
      });

      const pdfs = await listLibraryFiles(db, storage, query({ kind: "pdf" }));
      expect(pdfs.items.every((file) => file.kind === "pdf" && file.image === undefined)).toBe(true);
      expect(pdfs.items.some((file) => file.id === used.odaehoPdf)).toBe(true);
      const images = await listLibraryFiles(db, storage, query({ kind: "image", use: "unused" }));
      expect(images.items.map((file) => file.id)).toEqual([unusedPicture.id]);
      const unusedPdfs = await listLibraryFiles(db, storage, query({ kind: "pdf", use: "unused" }));
      expect(unusedPdfs.items.map((file) => file.id)).toEqual([oddName.id, unusedPdf.id]);

      // Korean substrings, every word, any letter case; % and _ are letters, not patterns.
      const names = async (search: string) =>
        (await listLibraryFiles(db, storage, query({ search }))).items.map((file) => file.name);
      await expect(names("안내문")).resolves.toEqual(["안 쓰는 안내문.pdf"]);
      await expect(names("쓰는 안내")).resolves.toEqual(["안 쓰는 안내문.pdf"]);
      await expect(names("final report")).resolves.toEqual(["100%_Final REPORT.pdf"]);
      await expect(names("100%")).resolves.toEqual(["100%_Final REPORT.pdf"]);
      await expect(names("0%_f")).resolves.toEqual(["100%_Final REPORT.pdf"]);
      await expect(names("%")).resolves.toEqual(["100%_Final REPORT.pdf"]);
      await expect(names("없는파일이름")).resolves.toEqual([]);
      await expect(listLibraryFiles(db, storage, query({ search: "안내문", use: "used" }))).resolves.toMatchObject({
        items: [],
        total: 0,
      });

      // Pages follow each other; a page past the end shows the last one.
      expect(all.total).toBeGreaterThan(FILE_PAGE_SIZE * 2);
      expect(all.items).toHaveLength(FILE_PAGE_SIZE);
      const second = await listLibraryFiles(db, storage, query({ page: 2 }));
      expect(second.page).toBe(2);
      expect(second.items.some((file) => all.items.some((first) => first.id === file.id))).toBe(false);
      const past = await listLibraryFiles(db, storage, query({ page: 5000 }));
      expect(past.page).toBe(all.pageCount);
      expect(past.items.length).toBe(all.total - (all.pageCount - 1) * FILE_PAGE_SIZE);
    });

    test("a long filtered list counts to 1,000 and says there are more; far pages count to their end", async () => {
      const { db, storage } = services();
      const now = Date.now();
      const rows = Array.from({ length: FILE_COUNT_LIMIT + 10 }, (_, index) => ({
        id: `bulk${String(index).padStart(6, "0")}`,
        storage_key: `library-test/bulk-${index}.webp`,
        content_type: "image/webp",
        byte_size: 1,
        original_name: `대량 사진 ${index}.webp`,
        created_at: new Date(now - index * 1000).toISOString(),
      }));
      for (let start = 0; start < rows.length; start += 200) {
        await db
          .insertInto("files")
          .values(rows.slice(start, start + 200))
          .execute();
      }
      try {
        const first = await listLibraryFiles(db, storage, query({ search: "대량", use: "unused" }));
        expect(first).toMatchObject({ total: FILE_COUNT_LIMIT, totalCapped: true, page: 1, pageCount: 51 });
        expect(first.items.map((file) => file.name).slice(0, 2)).toEqual(["대량 사진 0.webp", "대량 사진 1.webp"]);
        const last = await listLibraryFiles(db, storage, query({ search: "대량", use: "unused", page: 51 }));
        expect(last).toMatchObject({ total: FILE_COUNT_LIMIT + 10, totalCapped: false, page: 51, pageCount: 51 });
        expect(last.items.map((file) => file.name)).toEqual(rows.slice(1000).map((row) => row.original_name));
        const beyond = await listLibraryFiles(db, storage, query({ search: "대량", page: 80 }));
        expect(beyond).toMatchObject({ page: 51, pageCount: 51 });
      } finally {
        await db.deleteFrom("files").where("id", "like", "bulk%").execute();
      }
    });

    test("deleting a used file is refused with what uses it, and nothing changes", async () => {
      const s = services();
      const before = await storedFiles(s);
      const failures = (await auditEntries(s.db, "files")).filter((entry) => entry.type === "failure").length;

      const article = await postCommand(s, "files", { intent: "delete", id: [unusedPicture.id, used.article ?? ""] });
      expect(article.status).toBe(409);
      expect(article.body.ok).toBe(false);
      expect(article.body.message).toContain("미디어 게시글 '");
      expect(article.body.message).toContain("지울 수 없습니다");

      const hero = await postCommand(s, "files", { intent: "delete", id: used.hero ?? "" });
      expect(hero.status).toBe(409);
      expect(hero.body.message).toMatch(/^'.+' 파일은 홈 화면 첫 화면 사진 2에 쓰이고 있어 지울 수 없습니다/);

      const several = await postCommand(s, "files", { intent: "delete", id: [used.rules ?? "", used.odaehoPdf ?? ""] });
      expect(several.status).toBe(409);
      expect(several.body.message).toMatch(/^쓰이고 있는 파일은 지울 수 없습니다: /);
      expect(several.body.message).toContain("회칙 첨부 파일");
      expect(several.body.message).toContain("오대호 '");

      // A write of any content that would remove a file something else shows is refused alike.
      await expect(writeWithFiles(s.db, s.storage, (_trx, files) => files.remove(used.feed ?? ""))).rejects.toThrow(
        FileInUseError,
      );

      await expect(storedFiles(s)).resolves.toEqual(before);
      const entries = await auditEntries(s.db, "files");
      expect(entries.filter((entry) => entry.type === "failure")).toHaveLength(failures + 3);
      expect(entries.at(-1)).toMatchObject({ type: "failure", content: "파일 2개 삭제에 실패했습니다" });
    });

    test("a delete naming a file that is gone, or no file, changes nothing", async () => {
      const s = services();
      const before = await storedFiles(s);
      const gone = await postCommand(s, "files", { intent: "delete", id: [unusedPdf.id, "0123456789abcdef"] });
      expect(gone.status).toBe(404);
      const none = await postCommand(s, "files", { intent: "delete" });
      expect(none).toMatchObject({ status: 400, body: { fieldErrors: { id: "지울 파일을 골라 주세요." } } });
      const twice = await postCommand(s, "files", { intent: "delete", id: [unusedPdf.id, unusedPdf.id] });
      expect(twice.status).toBe(400);
      await expect(storedFiles(s)).resolves.toEqual(before);
    });

    test("deleting unused files removes their rows and bytes, with one audit entry", async () => {
      const s = services();
      const keys = [
        ...((await keysOfFile(s.db, unusedPicture.id)) ?? []),
        ...((await keysOfFile(s.db, oddName.id)) ?? []),
      ];
      expect(keys).toHaveLength(3);
      await expect(existingKeys(s.storage, keys)).resolves.toEqual(keys);

      const both = await postCommand(s, "files", { intent: "delete", id: [unusedPicture.id, oddName.id] });
      expect(both.body, both.body.message).toMatchObject({
        ok: true,
        message: "파일 2개가 삭제되었습니다: '회의록 사진.webp', '100%_Final REPORT.pdf'",
      });
      await expect(keysOfFile(s.db, unusedPicture.id)).resolves.toBeUndefined();
      await expect(keysOfFile(s.db, oddName.id)).resolves.toBeUndefined();
      await expect(existingKeys(s.storage, keys)).resolves.toEqual([]);

      const one = await postCommand(s, "files", { intent: "delete", id: unusedPdf.id });
      expect(one.body).toMatchObject({ ok: true, message: "'안 쓰는 안내문.pdf' 파일이 삭제되었습니다" });
      const entries = await auditEntries(s.db, "files");
      expect(entries.slice(-2).map((entry) => entry.content)).toEqual([both.body.message, one.body.message]);

      const { db, storage } = s;
      await expect(listLibraryFiles(db, storage, query({ use: "unused" }))).resolves.toMatchObject({
        items: [],
        total: 0,
      });
    });
  },
  { demo: true },
);
