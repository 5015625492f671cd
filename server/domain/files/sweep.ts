import type { Db } from "#server/db/database.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { storageKeysOf } from "./files.ts";

/** Files younger than this are left alone: an upload may be between its file and its row. */
const GRACE_MS = 60 * 60 * 1000;

export interface SweepResult {
  /** File rows no content refers to, removed with their stored files. */
  unreferencedRows: number;
  /** Stored files with no row, removed. */
  strayFiles: number;
}

/**
 * Removes what a crash or a bug could leave behind: file rows that no content refers to, and
 * stored files that have no row. Content refers to files from its tables and from the JSON
 * documents (any property whose name ends in "fileId").
 */
export async function sweepOrphanFiles(db: Db, storage: FileStorage, now = new Date()): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - GRACE_MS).toISOString();
  const referenced = await referencedFileIds(db);

  const rows = await db.selectFrom("files").select(["id", "storage_key", "variant_widths", "created_at"]).execute();
  const known = new Set<string>();
  let unreferencedRows = 0;
  for (const row of rows) {
    const keys = storageKeysOf(row.storage_key, JSON.parse(row.variant_widths) as number[]);
    if (referenced.has(row.id) || row.created_at > cutoff) {
      for (const key of keys) known.add(key);
      continue;
    }
    await db.deleteFrom("files").where("id", "=", row.id).execute();
    await Promise.all(keys.map((key) => storage.delete(key)));
    unreferencedRows += 1;
  }

  let strayFiles = 0;
  for await (const object of storage.list()) {
    if (known.has(object.key) || object.lastModified.getTime() > now.getTime() - GRACE_MS) continue;
    // A row created after the listing above may own it: check once more before deleting.
    const owner = await db.selectFrom("files").select("id").where("storage_key", "=", object.key).executeTakeFirst();
    if (owner) continue;
    await storage.delete(object.key);
    strayFiles += 1;
  }
  return { unreferencedRows, strayFiles };
}

export async function referencedFileIds(db: Db): Promise<Set<string>> {
  const ids = new Set<string>();
  const add = (id: string | null | undefined) => {
    if (id) ids.add(id);
  };
  for (const row of await db.selectFrom("article_images").select("file_id").execute()) add(row.file_id);
  for (const row of await db.selectFrom("main_activities").select("image_file_id").execute()) add(row.image_file_id);
  for (const row of await db.selectFrom("odaeho_issues").select(["thumbnail_file_id", "pdf_file_id"]).execute()) {
    add(row.thumbnail_file_id);
    add(row.pdf_file_id);
  }
  for (const row of await db.selectFrom("feed_items").select("image_file_id").execute()) add(row.image_file_id);
  for (const row of await db.selectFrom("organization_members").select("photo_file_id").execute())
    add(row.photo_file_id);
  for (const row of await db.selectFrom("documents").select("value").execute()) {
    collectFileIds(JSON.parse(row.value), add);
  }
  return ids;
}

function collectFileIds(value: unknown, add: (id: string) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) collectFileIds(item, add);
  } else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (/fileId$/i.test(key) && typeof inner === "string") add(inner);
      else collectFileIds(inner, add);
    }
  }
}
