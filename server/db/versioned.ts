import { sql } from "kysely";
import { ListChangedError, RecordNotFoundError, VersionConflictError } from "#server/failures.ts";
import type { Db } from "./database.ts";
import type { Database } from "./schema.ts";

/** Tables whose rows carry an id and an optimistic-locking version. */
export type VersionedTable = {
  [Table in keyof Database]: Database[Table] extends { id: string; version: unknown } ? Table : never;
}[keyof Database];

/** Tables whose rows are kept in the managers' order. */
export type OrderedTable = {
  [Table in keyof Database]: Database[Table] extends { id: string; position: number } ? Table : never;
}[keyof Database];

/**
 * Updates one row when its stored version is still `expectedVersion`, and bumps the version.
 * Throws RecordNotFoundError when the row is gone and VersionConflictError when someone saved a
 * newer version in the meantime, so a stale form never overwrites newer data.
 */
export async function updateVersioned(
  db: Db,
  table: VersionedTable,
  id: string,
  expectedVersion: number,
  values: Record<string, unknown>,
): Promise<number> {
  // The table is one of several; the query builder cannot follow a union, so it is addressed
  // through one representative table's type. The columns set are checked by each caller.
  const result = await db
    .updateTable(table as "articles")
    .set({ ...values, version: sql<number>`version + 1`, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) await throwMissingOrConflict(db, table, id);
  return expectedVersion + 1;
}

/** Deletes one row at `expectedVersion`; same errors as `updateVersioned`. */
export async function deleteVersioned(
  db: Db,
  table: VersionedTable,
  id: string,
  expectedVersion: number,
): Promise<void> {
  const result = await db
    .deleteFrom(table as "articles")
    .where("id", "=", id)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) await throwMissingOrConflict(db, table, id);
}

async function throwMissingOrConflict(db: Db, table: VersionedTable, id: string): Promise<never> {
  const row = await db
    .selectFrom(table as "articles")
    .select("version")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new RecordNotFoundError();
  throw new VersionConflictError(row.version);
}

/** The rows one ordered list holds: a column's value (one year), or several (one period's kind). */
export type ListScope = { column: string; value: string | number } | { column: string; value: string | number }[];

export function scopeConditions(scope: ListScope | undefined) {
  if (scope === undefined) return [];
  return Array.isArray(scope) ? scope : [scope];
}

/**
 * Gives rows the positions of `orderedIds` (0, 1, 2, ...). The ids must be exactly the rows in
 * scope now: a list that changed since it was loaded is a conflict, not a partial reorder.
 */
export async function reorder(db: Db, table: OrderedTable, orderedIds: string[], scope?: ListScope): Promise<void> {
  let query = db.selectFrom(table as "feed_items").select(["id"]);
  for (const { column, value } of scopeConditions(scope)) {
    query = query.where(sql.ref(column), "=", value);
  }
  const current = (await query.execute()).map((row) => row.id);
  const unique = new Set(orderedIds);
  if (unique.size !== orderedIds.length || current.length !== unique.size || current.some((id) => !unique.has(id))) {
    throw new ListChangedError();
  }
  for (const [position, id] of orderedIds.entries()) {
    await db
      .updateTable(table as "feed_items")
      .set({ position })
      .where("id", "=", id)
      .execute();
  }
}

/** The next free position at the end of a list (in a scope such as one year or one period). */
export async function nextPosition(db: Db, table: OrderedTable, scope?: ListScope): Promise<number> {
  let query = db.selectFrom(table as "feed_items").select((eb) => eb.fn.max("position").as("last"));
  for (const { column, value } of scopeConditions(scope)) {
    query = query.where(sql.ref(column), "=", value);
  }
  const row = await query.executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}
