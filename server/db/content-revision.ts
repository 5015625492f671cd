import { DatabaseSync } from "node:sqlite";
import type { Db } from "./database.ts";

/**
 * The count of changes to published content, kept in the database so every server process (and
 * every instance sharing a PostgreSQL database) can tell when its cached pages went stale.
 */
export interface ContentRevision {
  revision: number;
  /** When published content last changed: the cached pages' Last-Modified. */
  changedAt: Date;
}

export async function readContentRevision(db: Db): Promise<ContentRevision> {
  const row = await db
    .selectFrom("content_revision")
    .select(["revision", "changed_at"])
    .where("id", "=", 1)
    .executeTakeFirstOrThrow();
  return { revision: Number(row.revision), changedAt: new Date(row.changed_at) };
}

/** Counts one change; call it inside the transaction that makes the change. */
export async function bumpContentRevision(trx: Db, now = new Date()): Promise<ContentRevision> {
  const row = await trx
    .updateTable("content_revision")
    .set((eb) => ({ revision: eb("revision", "+", 1), changed_at: now.toISOString() }))
    .where("id", "=", 1)
    .returning(["revision", "changed_at"])
    .executeTakeFirstOrThrow();
  return { revision: Number(row.revision), changedAt: new Date(row.changed_at) };
}

/**
 * A reader of the revision on its own read-only SQLite connection, answering synchronously (a
 * few microseconds): fast enough to ask before serving a cached page.
 */
export function sqliteRevisionReader(file: string): { read(): ContentRevision; close(): void } {
  const connection = new DatabaseSync(file, { readOnly: true, timeout: 1000 });
  const statement = connection.prepare("select revision, changed_at from content_revision where id = 1");
  return {
    read() {
      const row = statement.get() as { revision: number; changed_at: string };
      return { revision: Number(row.revision), changedAt: new Date(row.changed_at) };
    },
    close: () => connection.close(),
  };
}
