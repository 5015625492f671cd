import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { type Db, openDatabase } from "../../server/db/database.ts";
import { LocalDiskStorage } from "../../server/storage/local-disk.ts";

/**
 * The database the browser tests' server uses, opened beside it so a test can compare what a
 * page shows with what is stored (the seeded demo club, whatever it holds).
 */
export function openServerDatabase() {
  let handle: ReturnType<typeof openDatabase> | undefined;
  beforeAll(() => {
    const url = process.env.E2E_DATABASE_URL;
    handle = openDatabase(
      url
        ? { kind: "postgres", connectionString: url }
        : { kind: "sqlite", file: path.join(inject("dataDir"), "club.db") },
    );
  });
  afterAll(async () => {
    await handle?.close();
  });
  return {
    db(): Db {
      if (!handle) throw new Error("The database is not open yet");
      return handle.db;
    },
    storage: () => new LocalDiskStorage(path.join(inject("dataDir"), "uploads")),
  };
}
