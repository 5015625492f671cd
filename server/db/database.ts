import { Kysely, PostgresDialect, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import type { DatabaseTarget } from "../config.ts";
import { migrations } from "./migrations/index.ts";
import type { Database } from "./schema.ts";
import { createSqliteDialect } from "./sqlite-dialect.ts";

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: DatabaseTarget["kind"];
  close(): Promise<void>;
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  const dialect =
    target.kind === "sqlite"
      ? createSqliteDialect(target.file)
      : new PostgresDialect({
          pool: new pg.Pool({ connectionString: target.connectionString, max: 10 }),
        });
  const db = new Kysely<Database>({ dialect });
  return { db, engine: target.kind, close: () => db.destroy() };
}

/** Brings the schema up to the newest migration; safe to run from several instances at once. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
