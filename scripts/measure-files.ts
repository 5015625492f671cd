// Times the file library's reads over many files, in a database of its own: a temporary SQLite
// file, or the empty PostgreSQL database named by MEASURE_DATABASE_URL (scripts/with-postgres.sh
// sets TEST_DATABASE_URL, which works too). It writes `--files` file rows (no bytes), nearly all
// of them pictures of articles, a tenth PDFs and a dozen that nothing uses, then times each read:
// `npx node scripts/measure-files.ts [--files 100000] [--runs 20]`.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import type { DatabaseTarget } from "#server/config.ts";
import { type Db, openDatabase } from "#server/db/database.ts";
import { type FileListQuery, listLibraryFiles } from "#server/domain/files/library.ts";
import { migrateDatabase } from "#server/migrate.ts";
import { LocalDiskStorage } from "#server/storage/local-disk.ts";
import { newId } from "#server/storage/storage.ts";
import { timeRead } from "./lib/timing.ts";

const { values } = parseArgs({
  options: { files: { type: "string", default: "100000" }, runs: { type: "string", default: "20" } },
});
const fileCount = Math.max(1000, Number(values.files) || 100_000);
const runs = Math.max(3, Number(values.runs) || 20);
const time = (label: string, read: () => Promise<unknown>) => timeRead(label, runs, read);
/** Files no content uses, spread over the upload times; one in ten is a PDF. */
const UNUSED = 12;
const IMAGES_PER_ARTICLE = 5;
const BATCH = 500;

/** File rows, newest last: every `fileCount / UNUSED`th is unused, every tenth a PDF. */
async function seed(db: Db): Promise<void> {
  const start = Date.parse("2020-01-01T00:00:00Z");
  const unusedEvery = Math.floor(fileCount / UNUSED);
  let pending: string[] = [];
  for (let offset = 0; offset < fileCount; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, fileCount - offset) }, (_, index) => {
      const number = offset + index;
      const pdf = number % 10 === 0;
      const id = newId();
      return {
        id,
        storage_key: `measure/${id}.${pdf ? "pdf" : "webp"}`,
        content_type: pdf ? "application/pdf" : "image/webp",
        byte_size: 100_000 + number,
        original_name: `${pdf ? "회의 자료" : "행사 사진"} ${number}.${pdf ? "pdf" : "jpg"}`,
        width: pdf ? null : 1024,
        height: pdf ? null : 768,
        variant_widths: pdf ? "[]" : "[480,960]",
        created_at: new Date(start + number * 60_000).toISOString(),
        unused: number % unusedEvery === unusedEvery - 1,
      };
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("files")
        .values(rows.map(({ unused: _, ...row }) => row))
        .execute();
      pending.push(...rows.filter((row) => !row.unused).map((row) => row.id));
      const articles: { id: string; images: string[] }[] = [];
      while (pending.length >= IMAGES_PER_ARTICLE) {
        articles.push({ id: newId(), images: pending.slice(0, IMAGES_PER_ARTICLE) });
        pending = pending.slice(IMAGES_PER_ARTICLE);
      }
      if (articles.length === 0) return;
      const now = new Date().toISOString();
      await trx
        .insertInto("articles")
        .values(
          articles.map((article, index) => ({
            id: article.id,
            title: `기사 ${offset + index}`,
            tag: "",
            published_at: now,
            contents: "<p>본문</p>",
            contents_text: "본문",
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto("article_images")
        .values(
          articles.flatMap((article) =>
            article.images.map((file_id, position) => ({ article_id: article.id, position, file_id, alt: "" })),
          ),
        )
        .execute();
    });
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), "measure-files-"));
const url = process.env.MEASURE_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const target: DatabaseTarget = url
  ? { kind: "postgres", connectionString: url }
  : { kind: "sqlite", file: path.join(dataDir, "club.db") };
const handle = openDatabase(target);
try {
  const { db } = handle;
  await migrateDatabase(db);
  const started = performance.now();
  await seed(db);
  console.log(`${target.kind}: ${fileCount} files written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // What PostgreSQL's autovacuum does soon after a bulk write: the planner's statistics, and the
  // visibility map that lets it read an index without the table.
  if (target.kind === "postgres") await sql`vacuum analyze`.execute(db);
  const storage = new LocalDiskStorage(path.join(dataDir, "uploads"));
  const query = (overrides: Partial<FileListQuery>): FileListQuery => ({
    page: 1,
    search: "",
    kind: "",
    use: "",
    ...overrides,
  });
  const list = (overrides: Partial<FileListQuery>) => () => listLibraryFiles(db, storage, query(overrides));
  const lastPage = Math.ceil(fileCount / 20);
  await time("all, first page", list({}));
  await time(`all, page ${Math.ceil(lastPage / 2)}`, list({ page: Math.ceil(lastPage / 2) }));
  await time(`all, last page (${lastPage})`, list({ page: lastPage }));
  await time("unused", list({ use: "unused" }));
  await time("used, first page", list({ use: "used" }));
  await time("used, page 40", list({ use: "used", page: 40 }));
  await time("PDFs", list({ kind: "pdf" }));
  await time("images, unused", list({ kind: "image", use: "unused" }));
  await time("PDFs, unused", list({ kind: "pdf", use: "unused" }));
  await time("search 회의 자료", list({ search: "회의 자료" }));
  await time("search 사진 4242", list({ search: "사진 4242" }));
  await time("search 없는이름", list({ search: "없는이름" }));
  await time("search 자료 + unused", list({ search: "자료", use: "unused" }));
} finally {
  await handle.close();
  await rm(dataDir, { recursive: true, force: true });
}
