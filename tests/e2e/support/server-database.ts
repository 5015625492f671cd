import path from "node:path";
import { afterAll, beforeAll, vi } from "vitest";
import { bumpContentRevision } from "#server/db/content-revision.ts";
import { type Db, openDatabase } from "#server/db/database.ts";
import { LocalDiskStorage } from "#server/storage/local-disk.ts";
import { baseURL, testServer } from "./browser.ts";

/**
 * The database the browser tests' server uses, opened beside it so a test can compare what a
 * page shows with what is stored (the seeded demo club, whatever it holds).
 */
export function openServerDatabase() {
  let handle: ReturnType<typeof openDatabase> | undefined;
  beforeAll(() => {
    const url = testServer().databaseUrl;
    handle = openDatabase(
      url
        ? { kind: "postgres", connectionString: url }
        : { kind: "sqlite", file: path.join(testServer().dataDir, "club.db") },
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
    storage: () => new LocalDiskStorage(path.join(testServer().dataDir, "uploads")),
    /**
     * Content was changed here, behind the server's back. Counting a revision makes the server
     * empty its page cache, as an admin write would; this waits until the server says it follows
     * (at once on SQLite, within a tenth of a second on PostgreSQL), asking on new connections
     * until several in a row, and so every worker, answer with the new revision.
     */
    async contentChanged() {
      if (!handle) throw new Error("The database is not open yet");
      const { revision } = await bumpContentRevision(handle.db);
      let inARow = 0;
      await vi.waitFor(
        async () => {
          const response = await fetch(`${baseURL()}/healthz`, {
            headers: { connection: "close" },
          });
          const health = (await response.json()) as { revision?: number };
          inARow = (health.revision ?? 0) >= revision ? inARow + 1 : 0;
          if (inARow < 4) throw new Error(`the server is not at revision ${revision} yet`);
        },
        { timeout: 5000, interval: 10 },
      );
    },
  };
}
