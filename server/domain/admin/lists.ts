import { sql } from "kysely";
import type { Db } from "#server/db/database.ts";
import { VersionConflictError } from "#server/db/documents.ts";
import {
  type ListScope,
  type OrderedTable,
  reorder,
  scopeConditions,
  type VersionedTable,
} from "#server/db/versioned.ts";
import type { OrderForm } from "./form-input.ts";

/** Every row's version by id: the admin lists send them back with each edit and delete. */
export async function recordVersions(db: Db, table: VersionedTable): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom(table as "feed_items")
    .select(["id", "version"])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.version]));
}

/**
 * Saves a new order for a list (or one scope of it, such as one year or one period's sessions).
 * The list must still be exactly as the manager saw it: an item added, removed or moved by
 * someone else in the meantime is a conflict, never a silent overwrite of their change.
 */
export async function reorderFrom(
  db: Db,
  table: OrderedTable,
  { expected, id }: OrderForm,
  scope?: ListScope,
): Promise<void> {
  let query = db
    .selectFrom(table as "feed_items")
    .select("id")
    .orderBy("position")
    .orderBy("id");
  for (const { column, value } of scopeConditions(scope)) {
    query = query.where(sql.ref(column), "=", value);
  }
  const current = (await query.execute()).map((row) => row.id);
  if (current.length !== expected.length || current.some((item, i) => item !== expected[i])) {
    throw new VersionConflictError(0);
  }
  await reorder(db, table, id, scope);
}
