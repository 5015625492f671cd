import type { Db } from "#server/db/database.ts";
import { slowReads } from "#server/db/slow-reads.ts";
import type { CountedTable } from "#server/domain/write/content-type.ts";

/** How many rows each table holds, for the admin dashboard: one query, counted by the database. */
export async function countRows(db: Db, tables: readonly CountedTable[]): Promise<Record<string, number>> {
  const unique = [...new Set(tables)];
  if (unique.length === 0) return {};
  // Counting every row grows with the archive: off the request thread on SQLite.
  const row = await slowReads(db)
    .selectNoFrom((eb) =>
      unique.map((table) => eb.selectFrom(table).select(eb.fn.countAll<number | string>().as("count")).as(table)),
    )
    .executeTakeFirstOrThrow();
  return Object.fromEntries(unique.map((table) => [table, Number((row as Record<string, unknown>)[table] ?? 0)]));
}

/** When each single document (leaders, rules, admission info, site settings) was last saved. */
export async function documentUpdateTimes(db: Db): Promise<Record<string, string>> {
  const rows = await db.selectFrom("documents").select(["key", "updated_at"]).execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.updated_at]));
}
