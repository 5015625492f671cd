import path from "node:path";
import { inject } from "vitest";
import { resolveDatabaseTarget } from "../../../server/config.ts";
import { type DatabaseHandle, openDatabase } from "../../../server/db/database.ts";
import { LocalDiskStorage } from "../../../server/storage/local-disk.ts";

/**
 * The database and file storage of the server under test, opened the way that server opens them
 * (its data folder, or E2E_DATABASE_URL on PostgreSQL): tests read what a page should show from
 * it and change content to see the page follow.
 */
export function openServerData(): { handle: DatabaseHandle; storage: LocalDiskStorage } {
  const dataDir = inject("dataDir");
  const target = resolveDatabaseTarget(process.env.E2E_DATABASE_URL || undefined, dataDir);
  return {
    handle: openDatabase(target),
    storage: new LocalDiskStorage(path.join(dataDir, "uploads")),
  };
}
