import type { Db } from "#server/db/database.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { storageKeysOf, writeWithFiles } from "./files.ts";
import { FileInUseError, findUnusedFileIds } from "./usage.ts";

/** Files younger than this are left alone: an upload may be between its file and its row. */
const GRACE_MS = 60 * 60 * 1000;
/** Unused files removed in one transaction. */
const BATCH = 100;

export interface SweepResult {
  /** File rows no content refers to, removed with their stored files. */
  unreferencedRows: number;
  /** Stored files with no row, removed. */
  strayFiles: number;
}

/**
 * Removes what a crash or a bug could leave behind: file rows that no content refers to, and
 * stored files that have no row. What refers to a file is `usage.ts`'s answer, as for the file
 * library; the rows go through `writeWithFiles`, which checks that answer once more under lock.
 */
export async function sweepOrphanFiles(db: Db, storage: FileStorage, now = new Date()): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - GRACE_MS).toISOString();
  const unused = await findUnusedFileIds(db, cutoff);
  let unreferencedRows = 0;
  for (let start = 0; start < unused.length; start += BATCH) {
    const batch = unused.slice(start, start + BATCH);
    try {
      await writeWithFiles(db, storage, async (_trx, files) => {
        for (const id of batch) await files.remove(id);
      });
      unreferencedRows += batch.length;
    } catch (error) {
      // Named again by content since the look-up (a restore): kept; the next sweep looks again.
      if (!(error instanceof FileInUseError)) throw error;
    }
  }

  const known = new Set<string>();
  for (const row of await db.selectFrom("files").select(["storage_key", "variant_widths"]).execute()) {
    for (const key of storageKeysOf(row.storage_key, JSON.parse(row.variant_widths) as number[])) known.add(key);
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
