import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import { slowReads } from "#server/db/slow-reads.ts";
import { parseListQuery } from "#server/domain/list-query.ts";
import { RecordNotFoundError } from "#server/failures.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { type FileChanges, type ImageRef, toImageRef } from "./files.ts";
import { documentFileUses, type FileUse, fileName, findFileUses, isUnused, isUsed } from "./usage.ts";

/**
 * The file library (decision 0029): every stored upload, newest first, a page at a time, searched
 * by the name it was uploaded with and filtered by kind and by use, all in the database; and the
 * removal of files no content uses.
 */

export const FILE_PAGE_SIZE = 20;
/** Counting stops here: past it the page says "1,000개 이상" and the pages appear as reached. */
export const FILE_COUNT_LIMIT = 1000;

export const fileKinds = { image: "이미지", pdf: "PDF" } as const;
export const fileUseFilters = { used: "쓰이는 파일", unused: "쓰이지 않는 파일" } as const;

/** The list's address parameters; anything malformed reads as "all" and page 1. */
const filtersSchema = z.object({
  kind: z.enum(["image", "pdf"]).or(z.literal("")).catch(""),
  use: z.enum(["used", "unused"]).or(z.literal("")).catch(""),
});

export type FileListQuery = ReturnType<typeof parseListQuery> & z.infer<typeof filtersSchema>;

/** The page and search as every list reads them, and the two filters. */
export function parseFileListQuery(params: URLSearchParams): FileListQuery {
  const filters = filtersSchema.parse({ kind: params.get("kind") ?? "", use: params.get("use") ?? "" });
  return { ...parseListQuery(params), ...filters };
}

export interface LibraryFile {
  id: string;
  name: string;
  kind: "image" | "pdf" | "other";
  contentType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
  createdAt: string;
  url: string;
  /** An image's address, size and smaller copies, for its thumbnail. */
  image: ImageRef | undefined;
  /** Where content uses it; empty for a file nothing uses, which may be deleted. */
  uses: FileUse[];
}

export interface FileLibraryPage {
  items: LibraryFile[];
  /** How many files match, counted up to FILE_COUNT_LIMIT (or to the page shown). */
  total: number;
  totalCapped: boolean;
  page: number;
  pageCount: number;
}

type Filter = (eb: ExpressionBuilder<Database, "files">) => Expression<SqlBool>;

/** The query's conditions on `files`; the use filter needs the files the documents name. */
function filtersOf(query: FileListQuery, documentFileIds: string[]): Filter[] {
  const filters: Filter[] = [];
  for (const word of query.search.split(/\s+/).filter(Boolean)) {
    const pattern = `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    // Lower-cased on both sides: SQLite's LIKE ignores ASCII case and PostgreSQL's does not.
    filters.push(() => sql<SqlBool>`lower(files.original_name) like lower(${pattern}) escape '\\'`);
  }
  if (query.kind === "pdf") filters.push((eb) => eb("files.content_type", "=", "application/pdf"));
  if (query.kind === "image") filters.push((eb) => eb("files.content_type", "like", "image/%"));
  if (query.use === "unused") filters.push((eb) => isUnused(eb, documentFileIds));
  if (query.use === "used") filters.push((eb) => isUsed(eb, documentFileIds));
  return filters;
}

type IdPage = Omit<FileLibraryPage, "items"> & { ids: string[] };

/**
 * The ids on the requested page, newest first, from the upload-time indexes. A filtered list of
 * the first pages is read once, up to one past FILE_COUNT_LIMIT, which gives its count and its
 * page together (a rare match or the unused files cost one pass, not two). The whole library is
 * counted exactly from an index, and far pages count up to their end and then skip to it in the
 * covering index, reading no rows on the way.
 */
async function findIdPage(
  reads: Db,
  matching: () => SelectQueryBuilder<Database, "files", object>,
  filtered: boolean,
  requested: number,
): Promise<IdPage> {
  const newestFirst = () => matching().select("files.id").orderBy("files.created_at", "desc").orderBy("files.id");
  const pages = (total: number, totalCapped: boolean) => {
    const pageCount = totalCapped
      ? Math.floor(total / FILE_PAGE_SIZE) + 1
      : Math.max(1, Math.ceil(total / FILE_PAGE_SIZE));
    return { total, totalCapped, page: Math.min(requested, pageCount), pageCount };
  };
  if (filtered && requested * FILE_PAGE_SIZE <= FILE_COUNT_LIMIT) {
    const gathered = (
      await newestFirst()
        .limit(FILE_COUNT_LIMIT + 1)
        .execute()
    ).map((row) => row.id);
    const counts = pages(Math.min(gathered.length, FILE_COUNT_LIMIT), gathered.length > FILE_COUNT_LIMIT);
    const start = (counts.page - 1) * FILE_PAGE_SIZE;
    return { ids: gathered.slice(start, start + FILE_PAGE_SIZE), ...counts };
  }
  const limit = filtered ? requested * FILE_PAGE_SIZE : Number.POSITIVE_INFINITY;
  const all = matching().select("files.id");
  const { count } = await reads
    .selectFrom((filtered ? all.limit(limit + 1) : all).as("matching"))
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const counts = pages(Math.min(Number(count), limit), Number(count) > limit);
  const rows = await newestFirst()
    .limit(FILE_PAGE_SIZE)
    .offset((counts.page - 1) * FILE_PAGE_SIZE)
    .execute();
  return { ids: rows.map((row) => row.id), ...counts };
}

/**
 * One page of the library (see `findIdPage`), its rows fetched by id. Only the page's files are
 * looked up in the content that may use them.
 */
export async function listLibraryFiles(db: Db, storage: FileStorage, query: FileListQuery): Promise<FileLibraryPage> {
  const documents = await documentFileUses(db);
  const filters = filtersOf(query, [...documents.keys()]);
  // Reads that grow with the number of files run off the request thread on SQLite.
  const reads = slowReads(db);
  const matching = () => filters.reduce((select, filter) => select.where(filter), reads.selectFrom("files"));
  const { ids, ...counts } = await findIdPage(reads, matching, filters.length > 0, query.page);
  if (ids.length === 0) return { items: [], ...counts };
  const rows = await reads
    .selectFrom("files")
    .select([
      "files.id",
      "files.storage_key",
      "files.content_type",
      "files.byte_size",
      "files.original_name",
      "files.width",
      "files.height",
      "files.variant_widths",
      "files.created_at",
    ])
    .where("files.id", "in", ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const uses = await findFileUses(db, ids, documents);
  const items = ids
    .flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    })
    .map((row): LibraryFile => {
      const kind =
        row.content_type === "application/pdf" ? "pdf" : row.content_type.startsWith("image/") ? "image" : "other";
      return {
        id: row.id,
        name: fileName(row),
        kind,
        contentType: row.content_type,
        byteSize: Number(row.byte_size),
        width: row.width,
        height: row.height,
        createdAt: row.created_at,
        url: storage.publicUrl(row.storage_key),
        image: kind === "image" ? toImageRef(storage, { ...row, file_id: row.id }) : undefined,
        uses: uses.get(row.id) ?? [],
      };
    });
  return { items, ...counts };
}

/** The names of the files `ids` names (for the messages of a delete), in the order given. */
export async function fileNames(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("files")
    .select(["id", "original_name", "storage_key"])
    .where("id", "in", [...ids])
    .execute();
  const names = new Map(rows.map((row) => [row.id, fileName(row)]));
  return ids.flatMap((id) => names.get(id) ?? []);
}

/**
 * Deletes files that no content uses, rows and bytes (the bytes after the commit). One that is
 * gone already makes the whole delete a "not found"; one still used, a refusal naming its uses
 * (`writeWithFiles`, through `FileChanges.remove`): in either case nothing is deleted.
 */
export async function deleteUnusedFiles(trx: Db, files: FileChanges, ids: readonly string[]): Promise<string[]> {
  const names = await fileNames(trx, ids);
  if (names.length !== ids.length) throw new RecordNotFoundError();
  for (const id of ids) await files.remove(id);
  return names;
}
