import type { Db } from "#server/db/database.ts";
import { storageKeysOf } from "#server/domain/files/files.ts";
import type { Services } from "#server/services.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import type { AuditCategory } from "#shared/audit-categories.ts";

/** What the writes left behind: audit entries, file rows and stored objects. */

/** The audit entries of a category, oldest first. */
export function auditEntries(db: Db, category: AuditCategory) {
  return db
    .selectFrom("audit_log")
    .select(["type", "content", "error", "actor"])
    .where("category", "=", category)
    .orderBy("time")
    .execute();
}

/** The newest audit entry of a category. */
export async function lastAuditEntry(db: Db, category: AuditCategory) {
  return (await auditEntries(db, category)).at(-1);
}

export async function fileCount(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom("files")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * The file rows' count and every stored key: the same before and after a save that was refused
 * or lost a conflict, which keeps no file.
 */
export async function storedFiles({ db, storage }: Pick<Services, "db" | "storage">) {
  return { rows: await fileCount(db), keys: await storedKeys(storage) };
}

/** Every key in the storage (files and their smaller copies), sorted. */
export async function storedKeys(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
}

/** The storage keys of a file (the file and its smaller copies), or undefined without a row. */
export async function keysOfFile(db: Db, fileId: string): Promise<string[] | undefined> {
  const row = await db
    .selectFrom("files")
    .select(["storage_key", "variant_widths"])
    .where("id", "=", fileId)
    .executeTakeFirst();
  return row ? storageKeysOf(row.storage_key, JSON.parse(row.variant_widths)) : undefined;
}

/** Which of the keys hold a stored file. */
export async function existingKeys(storage: FileStorage, keys: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const key of keys) if (await storage.exists(key)) found.push(key);
  return found;
}

/**
 * Files and rows agree: every stored object belongs to a file row (or is a smaller copy of
 * one), and every row's file is stored. Returns the stored keys.
 */
export async function storedKeysMatchRows(services: Services): Promise<string[]> {
  const stored = await storedKeys(services.storage);
  const rows = await services.db.selectFrom("files").select(["storage_key", "variant_widths"]).execute();
  const expected = rows
    .flatMap((row) => storageKeysOf(row.storage_key, JSON.parse(row.variant_widths) as number[]))
    .sort();
  if (stored.join("\n") !== expected.join("\n")) {
    throw new Error(
      `Stored files and file rows differ:\nstored ${JSON.stringify(stored)}\nrows ${JSON.stringify(expected)}`,
    );
  }
  return stored;
}
