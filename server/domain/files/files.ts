import type { Readable } from "node:stream";
import type { Db } from "../../db/database.ts";
import { type FileStorage, newId, newStorageKey } from "../../storage/storage.ts";

export interface StoredFile {
  id: string;
  storageKey: string;
  contentType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
  url: string;
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
}

/** Stages file changes inside one database transaction; see `writeWithFiles`. */
export interface FileChanges {
  store(file: NewFile): Promise<StoredFile>;
  remove(fileId: string): Promise<void>;
}

/**
 * Runs `work` in one transaction with the file changes it stages. New files are written before
 * their rows and deleted again if the transaction fails; removed files are deleted only after it
 * commits. So a failed write leaves neither an orphan file nor a row pointing at nothing.
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
    result = await db.transaction().execute(async (trx) =>
      work(trx, {
        store: async (file) => {
          const stored = await putFile(trx, storage, file, (key) => written.push(key));
          return stored;
        },
        remove: async (fileId) => {
          const row = await trx
            .deleteFrom("files")
            .where("id", "=", fileId)
            .returning("storage_key")
            .executeTakeFirst();
          if (row) removed.push(row.storage_key);
        },
      }),
    );
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
  await Promise.allSettled(removed.map((key) => storage.delete(key)));
  return result;
}

async function putFile(
  db: Db,
  storage: FileStorage,
  file: NewFile,
  onWritten: (key: string) => void,
): Promise<StoredFile> {
  const id = newId();
  const storageKey = file.fileName
    ? `${file.folder}/${file.fileName}`
    : newStorageKey(file.folder, file.extension);
  const { byteSize } = await storage.put(storageKey, file.body);
  onWritten(storageKey);
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
    url: storage.publicUrl(storageKey),
  };
}

export async function findFile(
  db: Db,
  storage: FileStorage,
  id: string,
): Promise<StoredFile | undefined> {
  const row = await db.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    storageKey: row.storage_key,
    contentType: row.content_type,
    byteSize: row.byte_size,
    width: row.width,
    height: row.height,
    url: storage.publicUrl(row.storage_key),
  };
}
