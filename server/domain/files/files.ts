import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { Db } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import { deleteVersioned, type VersionedTable } from "#server/db/versioned.ts";
import { type FileStorage, newId, newStorageKey } from "#server/storage/storage.ts";
import { refuseUsedFiles } from "./usage.ts";

export interface StoredFile {
  id: string;
  storageKey: string;
  contentType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
  variantWidths: number[];
  url: string;
}

/** What a page needs to show a stored image without layout shift, at the size of the screen. */
export interface ImageRef {
  /** The file's id: names its link-preview crop (shared/preview-images.ts). */
  id: string;
  url: string;
  width: number;
  height: number;
  /** `url 480w, url 960w, …` including the full-size file; empty when there are no copies. */
  srcSet: string;
}

export interface NewFile {
  /** Server-chosen folder, e.g. `media/<articleId>`. */
  folder: string;
  extension: string;
  contentType: string;
  body: Readable | Uint8Array;
  originalName?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
  /** A fixed file name inside the folder instead of a random one (the odaeho PDF's name). */
  fileName?: string | undefined;
  /** Smaller copies of an image, stored beside it (see `processImage`). */
  variants?: { width: number; body: Uint8Array }[] | undefined;
}

/** The key of an image's smaller copy: `a/b/id.webp` → `a/b/id-w480.webp`. */
export function variantKey(storageKey: string, width: number): string {
  return storageKey.replace(/(\.[a-z0-9]+)?$/i, (extension) => `-w${width}${extension}`);
}

/** Every key a file occupies in storage: the file and its smaller copies. */
export function storageKeysOf(storageKey: string, variantWidths: number[]): string[] {
  return [storageKey, ...variantWidths.map((width) => variantKey(storageKey, width))];
}

/** Stages file changes inside one database transaction; see `writeWithFiles`. */
export interface FileChanges {
  store(file: NewFile): Promise<StoredFile>;
  /**
   * Stores a stored file again, with its smaller copies, as a new file in `target` (an odaeho
   * PDF under its issue's new title): an address is never reused, so a new name is a new file.
   */
  copy(fileId: string, target: Pick<NewFile, "folder" | "fileName">): Promise<StoredFile>;
  /**
   * Removes a stored file once the work is done: its row at the end of the transaction, when no
   * content uses it any more (`refuseUsedFiles`), and its bytes after the commit.
   */
  remove(fileId: string): Promise<void>;
}

/**
 * Runs `work` in one transaction with the file changes it stages. New files are written before
 * their rows and deleted again if the transaction fails; removed files lose their rows at the end
 * of the work, after the content that named them has changed, and are refused (FileInUseError,
 * nothing written) when other content still uses them; their bytes are deleted only after the
 * commit. So a failed write leaves neither an orphan file nor a row pointing at nothing, and no
 * write removes a file that something else shows.
 */
export async function writeWithFiles<T>(
  db: Db,
  storage: FileStorage,
  work: (trx: Db, files: FileChanges) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  const removed: string[] = [];
  let result: T;
  try {
    result = await db.transaction().execute(async (trx) => {
      const removing = new Set<string>();
      const value = await work(trx, {
        store: (file) => putFile(trx, storage, file, (key) => written.push(key)),
        copy: async (fileId, target) =>
          putFile(trx, storage, await copyOf(trx, storage, fileId, target), (key) => written.push(key)),
        remove: async (fileId) => {
          removing.add(fileId);
        },
      });
      if (removing.size > 0) removed.push(...(await deleteUnusedRows(trx, [...removing])));
      return value;
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
  await Promise.allSettled(removed.map((key) => storage.delete(key)));
  return result;
}

/** Deletes the rows of files no content uses any more, and answers the storage keys they held. */
async function deleteUnusedRows(trx: Db, ids: string[]): Promise<string[]> {
  await refuseUsedFiles(trx, ids);
  const rows = await trx
    .deleteFrom("files")
    .where("id", "in", ids)
    .returning(["storage_key", "variant_widths"])
    .execute();
  return rows.flatMap((row) => storageKeysOf(row.storage_key, parseWidths(row.variant_widths)));
}

async function putFile(
  db: Db,
  storage: FileStorage,
  file: NewFile,
  onWritten: (key: string) => void,
): Promise<StoredFile> {
  const id = newId();
  const storageKey = file.fileName ? `${file.folder}/${file.fileName}` : newStorageKey(file.folder, file.extension);
  const { byteSize } = await storage.put(storageKey, file.body);
  onWritten(storageKey);
  const variantWidths: number[] = [];
  for (const variant of file.variants ?? []) {
    const key = variantKey(storageKey, variant.width);
    await storage.put(key, variant.body);
    onWritten(key);
    variantWidths.push(variant.width);
  }
  await db
    .insertInto("files")
    .values({
      id,
      storage_key: storageKey,
      content_type: file.contentType,
      byte_size: byteSize,
      original_name: file.originalName ?? null,
      width: file.width ?? null,
      height: file.height ?? null,
      variant_widths: JSON.stringify(variantWidths),
      created_at: new Date().toISOString(),
    })
    .execute();
  return {
    id,
    storageKey,
    contentType: file.contentType,
    byteSize,
    width: file.width ?? null,
    height: file.height ?? null,
    variantWidths,
    url: storage.publicUrl(storageKey),
  };
}

/** A stored file as a new one to store: the same bytes, type, name and smaller copies. */
async function copyOf(
  db: Db,
  storage: FileStorage,
  fileId: string,
  target: Pick<NewFile, "folder" | "fileName">,
): Promise<NewFile> {
  const row = await db
    .selectFrom("files")
    .select(["storage_key", "content_type", "original_name", "width", "height", "variant_widths"])
    .where("id", "=", fileId)
    .executeTakeFirstOrThrow();
  const variants = [];
  for (const width of parseWidths(row.variant_widths)) {
    variants.push({
      width,
      body: await buffer(await storage.get(variantKey(row.storage_key, width))),
    });
  }
  return {
    ...target,
    extension: /\.([a-z0-9]+)$/i.exec(row.storage_key)?.[1] ?? "bin",
    contentType: row.content_type,
    body: await storage.get(row.storage_key),
    originalName: row.original_name ?? undefined,
    width: row.width ?? undefined,
    height: row.height ?? undefined,
    variants,
  };
}

function parseWidths(json: string): number[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((width) => Number.isInteger(width)) : [];
}

/** The columns of `files` that `toImageRef` needs, under the names a joined query gives them. */
export interface ImageColumns {
  file_id: string;
  storage_key: string;
  width: number | null;
  height: number | null;
  variant_widths: string;
}

/** The `files` columns to select, joined as `files`, for `toImageRef` and `toOptionalImageRef`. */
export const imageColumns = [
  "files.id as file_id",
  "files.storage_key",
  "files.width",
  "files.height",
  "files.variant_widths",
] as const;

/** An image row as pages use it: its address, intrinsic size and srcset. */
export function toImageRef(storage: FileStorage, row: ImageColumns): ImageRef {
  const width = row.width ?? 0;
  const widths = parseWidths(row.variant_widths);
  const url = storage.publicUrl(row.storage_key);
  const srcSet =
    widths.length === 0
      ? ""
      : [...widths.map((w) => `${storage.publicUrl(variantKey(row.storage_key, w))} ${w}w`), `${url} ${width}w`].join(
          ", ",
        );
  return { id: row.file_id, url, width, height: row.height ?? 0, srcSet };
}

/** `toImageRef` for a left-joined file that may be missing (content without an image). */
export function toOptionalImageRef(
  storage: FileStorage,
  row: { [Column in keyof ImageColumns]: ImageColumns[Column] | null },
): ImageRef | undefined {
  const { file_id, storage_key, variant_widths } = row;
  if (file_id === null || storage_key === null || variant_widths === null) return undefined;
  return toImageRef(storage, { ...row, file_id, storage_key, variant_widths });
}

export async function findFile(db: Db, storage: FileStorage, id: string): Promise<StoredFile | undefined> {
  const row = await db.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    storageKey: row.storage_key,
    contentType: row.content_type,
    byteSize: row.byte_size,
    width: row.width,
    height: row.height,
    variantWidths: parseWidths(row.variant_widths),
    url: storage.publicUrl(row.storage_key),
  };
}

/**
 * The images stored under `ids`, by id, in one query. Content documents (home, admission info)
 * refer to images by file id; an id whose row is gone is simply missing from the map.
 */
export async function findImageRefs(
  db: Db,
  storage: FileStorage,
  ids: readonly string[],
): Promise<Map<string, ImageRef>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom("files")
    .select(["id", "storage_key", "width", "height", "variant_widths"])
    .where("id", "in", unique)
    .execute();
  return new Map(rows.map((row) => [row.id, toImageRef(storage, { ...row, file_id: row.id })]));
}

/** The columns of a table's rows that name a stored file. */
type FileColumn<Table extends VersionedTable> = {
  [Column in keyof Database[Table]]: Database[Table][Column] extends string | null ? Column : never;
}[keyof Database[Table]] &
  string;

/**
 * Deletes a record at the version the manager saw, with the stored files its columns name
 * (removed once the transaction commits, see `writeWithFiles`).
 */
export async function deleteRecordWithFiles<Table extends VersionedTable>(
  trx: Db,
  files: FileChanges,
  table: Table,
  target: { id: string; version: number },
  fileColumns: readonly FileColumn<Table>[],
): Promise<void> {
  const current = (await trx
    .selectFrom(table as "feed_items")
    .select(fileColumns as unknown as "image_file_id"[])
    .where("id", "=", target.id)
    .executeTakeFirst()) as Record<string, string | null> | undefined;
  await deleteVersioned(trx, table, target.id, target.version);
  for (const column of fileColumns) {
    const fileId = current?.[column];
    if (fileId) await files.remove(fileId);
  }
}
