import type { Db } from "#server/db/database.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { storageKeysOf } from "./files.ts";
import { STORAGE_PROBE_KEY } from "./storage-probe.ts";

/** Files younger than this are left alone: an upload may be between its file and its row. */
const GRACE_MS = 60 * 60 * 1000;

export interface SweepResult {
  /** Stored files with no row, removed. */
  strayFiles: number;
}

/**
 * Removes what a crash can leave behind: stored files that have no row (a write stores its files
 * before its transaction commits; killed in between, the row never comes). A row that no content
 * uses is not removed here: writes remove the files they stop using, so such a row is one a
 * restore left (a file the restored version did not have, kept so a later restore can bring it
 * back) or a bug's; the file library lists it as unused, and a manager deletes it there, through
 * the write path, audited (decision 0029).
 */
export async function sweepOrphanFiles(db: Db, storage: FileStorage, now = new Date()): Promise<SweepResult> {
  const known = new Set<string>();
  for (const row of await db.selectFrom("files").select(["storage_key", "variant_widths"]).execute()) {
    for (const key of storageKeysOf(row.storage_key, JSON.parse(row.variant_widths) as number[])) known.add(key);
  }
  let strayFiles = 0;
  for await (const object of storage.list()) {
    if (object.key === STORAGE_PROBE_KEY) continue;
    if (known.has(object.key) || object.lastModified.getTime() > now.getTime() - GRACE_MS) continue;
    // A row created after the listing above may own it: check once more before deleting.
    const owner = await db.selectFrom("files").select("id").where("storage_key", "=", object.key).executeTakeFirst();
    if (owner) continue;
    await storage.delete(object.key);
    strayFiles += 1;
  }
  return { strayFiles };
}
