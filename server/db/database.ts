import { Kysely, PostgresDialect, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import type { DatabaseTarget } from "#server/config.ts";
import { DatabaseAvailability } from "./availability.ts";
import { migrations } from "./migrations/index.ts";
import type { Database, Db } from "./schema.ts";
import { attachSlowReads } from "./slow-reads.ts";
import { createSqliteDialect, toSqliteValue } from "./sqlite-dialect.ts";
import { readPoolKysely, SqliteReadPool } from "./sqlite-read-pool.ts";

export type { Db };

export interface DatabaseHandle {
  db: Db;
  engine: DatabaseTarget["kind"];
  /** Whether the database answers; requests are answered 503 while it does not. */
  availability: DatabaseAvailability;
  close(): Promise<void>;
}

/** Where the database layer reports what it cannot handle itself (a server gone away). */
export interface DatabaseLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const silentLog: DatabaseLog = { warn() {}, info() {} };

/**
 * Limits that keep one stuck connection or query from holding a request for good: a connection
 * must open within 5 s, a statement finish within 15 s on the server (20 s on the client, in case
 * the network itself hangs), and no transaction may sit idle for more than 30 s.
 */
const POSTGRES_LIMITS = {
  max: 10,
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  statement_timeout: 15_000,
  query_timeout: 20_000,
  idle_in_transaction_session_timeout: 30_000,
  keepAlive: true,
} satisfies pg.PoolConfig;

export function openDatabase(target: DatabaseTarget, log: DatabaseLog = silentLog): DatabaseHandle {
  let db: Db | undefined;
  const availability = new DatabaseAvailability({
    probe: () => (db ? sql`select 1`.execute(db) : Promise.resolve()),
    events: {
      unavailable: (error) => log.warn({ err: error }, "database unavailable"),
      available: () => log.info({}, "database available again"),
    },
  });
  const dialect =
    target.kind === "sqlite"
      ? createSqliteDialect(target.file)
      : new PostgresDialect({
          pool: createPostgresPool(target.connectionString, availability, log),
        });
  db = new Kysely<Database>({
    dialect,
    log(event) {
      if (event.level === "error") availability.noteFailure(event.error);
    },
  });
  // Reads that grow with the archive run on a pool of threads (see slow-reads.ts); an in-memory
  // database exists only on its own connection, so there they stay where they are.
  const reads =
    target.kind === "sqlite" && target.file !== ":memory:"
      ? readPoolKysely(new SqliteReadPool(target.file), toSqliteValue)
      : undefined;
  if (reads) attachSlowReads(db, reads);
  return {
    db,
    engine: target.kind,
    availability,
    close: async () => {
      availability.stop();
      try {
        await db.destroy();
      } finally {
        await reads?.destroy();
      }
    },
  };
}

/**
 * A pool that survives its server going away. node-postgres emits `error` on the pool when an
 * idle client's connection ends (PostgreSQL stopped, restarted or failed over); without a
 * listener that event would end the whole process.
 */
function createPostgresPool(connectionString: string, availability: DatabaseAvailability, log: DatabaseLog) {
  const pool = new pg.Pool({ connectionString, ...POSTGRES_LIMITS });
  pool.on("error", (error) => {
    log.warn({ err: error }, "an idle database connection failed");
    availability.noteFailure(error);
  });
  // A client in use emits `error` too when its connection ends between two queries; the pool only
  // listens while the client is idle, so every client gets a listener of its own once.
  const watched = new WeakSet<pg.PoolClient>();
  const noteFailure = (error: unknown) => availability.noteFailure(error);
  return {
    // Kysely reads these to open a side connection when it cancels a query.
    Client: pg.Client,
    options: pool.options,
    async connect() {
      try {
        const client = await pool.connect();
        if (!watched.has(client)) {
          watched.add(client);
          client.on("error", noteFailure);
        }
        return client;
      } catch (error) {
        availability.noteFailure(error);
        throw error;
      }
    },
    end: () => pool.end(),
  };
}

/** Brings the schema up to the newest migration; safe to run from several instances at once. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Migrations written side by side land in any order; each one stands on its own, so one that
  // arrives after a later-named one has run is still applied rather than refused.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
