import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import type { DatabaseTarget } from "#server/config.ts";
import type { Db } from "./database.ts";

/** The advisory lock's number: any constant the site's own database uses for nothing else. */
const STARTUP_LOCK_KEY = 7_301_973;

/** How long an instance waits for another's first start (migrating, seeding) before giving up. */
const LOCK_WAIT_MS = 5 * 60 * 1000;
const RETRY_MS = 200;

/**
 * Runs `work` (migrating, seeding an empty database, creating the first manager) while no
 * other instance on the same PostgreSQL database does: instances started together take turns,
 * and the later one finds the work done. The lock is PostgreSQL's session advisory lock, held on
 * one connection for the duration; it is asked for again and again rather than waited on, since
 * a statement waiting longer than the pool's statement timeout would be cancelled. SQLite needs
 * none: its one file already lets one writer in at a time, and the seed's first row stops a
 * second seeder.
 */
export async function withStartupLock<T>(
  db: Db,
  engine: DatabaseTarget["kind"],
  work: () => Promise<T>,
  options: { waitMs?: number; onWait?: () => void } = {},
): Promise<T> {
  if (engine !== "postgres") return work();
  return db.connection().execute(async (connection) => {
    const giveUpAt = Date.now() + (options.waitMs ?? LOCK_WAIT_MS);
    for (let attempt = 0; ; attempt += 1) {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${sql.lit(STARTUP_LOCK_KEY)}) as locked`.execute(connection);
      if (rows[0]?.locked) break;
      if (attempt === 0) options.onWait?.();
      if (Date.now() > giveUpAt) throw new Error("Another instance has held the start lock for too long");
      await sleep(RETRY_MS);
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection).catch(() => undefined);
    }
  });
}
