import type { Db } from "./schema.ts";

/**
 * Where a read that grows with the archive runs (decision 0019): a search, the list's page anchors,
 * the sitemap's addresses. On SQLite that is the read pool's threads, so the server's thread keeps
 * answering other requests meanwhile; on PostgreSQL (already asynchronous) and inside a
 * transaction (whose reads must see its own writes) it is `db` itself.
 *
 * The pool's handle travels on the database handle under a registered symbol rather than in a
 * module's state: the server bundle carries its own copy of this module (decision 0001), and a
 * registered symbol is the same in every copy.
 */
const SLOW_READS = Symbol.for("club-site.slow-reads");

type WithSlowReads = Db & { [SLOW_READS]?: Db };

export function slowReads(db: Db): Db {
  if (db.isTransaction) return db;
  return (db as WithSlowReads)[SLOW_READS] ?? db;
}

/** Gives `db` the handle its slow reads run on (done once, when the database is opened). */
export function attachSlowReads(db: Db, reads: Db): void {
  Object.defineProperty(db, SLOW_READS, { value: reads });
}
