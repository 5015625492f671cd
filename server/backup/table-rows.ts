import { type RawBuilder, sql } from "kysely";
import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { BackupArchiveError } from "./archive.ts";
import type { BackedUpTable } from "./tables.ts";

/** Each table's columns and their declared types, as the engine reports them. */
export async function columnTypes(db: Db): Promise<Map<string, Map<string, string>>> {
  const tables = await db.introspection.getTables();
  return new Map(
    tables.map((table) => [table.name, new Map(table.columns.map((column) => [column.name, column.dataType]))]),
  );
}

const isInteger = (type: string | undefined) => type !== undefined && /int/i.test(type);

/** The name of the newest migration applied: the schema version a backup is made at. */
export async function latestMigration(db: Db): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
    db,
  );
  const name = rows[0]?.name;
  if (!name) throw new Error("The database has no schema yet: migrate it first.");
  return name;
}

/**
 * One row as a JSON line both engines write alike: keys sorted, integers as numbers (PostgreSQL
 * hands bigints over as strings), booleans as 0/1, times as ISO-8601 text.
 */
export function normalizedRow(row: Record<string, unknown>, types: Map<string, string>): string {
  const normalized: Record<string, unknown> = {};
  for (const column of Object.keys(row).sort()) {
    let value = row[column];
    if (value instanceof Date) value = value.toISOString();
    else if (typeof value === "boolean") value = value ? 1 : 0;
    else if (typeof value === "bigint") value = Number(value);
    else if (typeof value === "string" && isInteger(types.get(column))) value = Number(value);
    normalized[column] = value;
  }
  return JSON.stringify(normalized);
}

/** A table's key columns for ordering and comparing, text ones in the byte order `collate` names. */
export function orderedKeys(table: BackedUpTable, types: Map<string, string>, collate: string | undefined) {
  return table.key.map((column): RawBuilder<unknown> => {
    const ref = sql.ref(column);
    return collate && !isInteger(types.get(column)) ? sql`${ref} collate ${sql.id(collate)}` : ref;
  });
}

const rowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

/** A dumped line as a row of `table`: a flat object of the table's own columns. */
export function parseRow(line: string, table: string, columns: Map<string, string>): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new BackupArchiveError(`A line of ${table} is not JSON.`);
  }
  const row = rowSchema.safeParse(parsed);
  if (!row.success) throw new BackupArchiveError(`A line of ${table} is not a row of plain values.`);
  for (const column of Object.keys(row.data)) {
    if (!columns.has(column)) throw new BackupArchiveError(`${table} has no column ${column}.`);
  }
  return row.data;
}
