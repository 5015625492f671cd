import { type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "#server/db/database.ts";
import {
  type ListScope,
  type OrderedTable,
  reorder,
  scopeConditions,
  type VersionedTable,
} from "#server/db/versioned.ts";
import { ListChangedError } from "#server/failures.ts";
import type { OrderForm } from "./form-input.ts";

/**
 * Every row's version by id (or those of `ids`, the rows a page shows): the admin lists send them
 * back with each edit and delete.
 */
export async function recordVersions(
  db: Db,
  table: VersionedTable,
  ids?: readonly string[],
): Promise<Record<string, number>> {
  if (ids?.length === 0) return {};
  let select = db.selectFrom(table as "feed_items").select(["id", "version"]);
  if (ids) select = select.where("id", "in", ids);
  const rows = await select.execute();
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
    throw new ListChangedError();
  }
  await reorder(db, table, id, scope);
}

/** What an admin list shows of a longer list: one page, found in the database. */
export interface ListPage<Item> {
  items: Item[];
  /** Rows that match, over all pages. */
  total: number;
  page: number;
  pageCount: number;
  /** How many rows of the list come before this page's first. */
  from: number;
}

/**
 * One page of an admin list, searched, counted and cut in the database: `rows` selects the
 * list's rows in its order, `columns` are the text a search looks in. Rows past the last page
 * show the last page.
 */
export async function findListPage<DB, TB extends keyof DB, Row>(
  rows: SelectQueryBuilder<DB, TB, Row>,
  query: { search: string; page: number; pageSize: number; columns: readonly string[] },
): Promise<ListPage<Row>> {
  const matching = containsWords(query.columns, query.search).reduce((select, word) => select.where(word), rows);
  const counted = await matching
    .clearSelect()
    .clearOrderBy()
    .select(sql<number | string>`count(*)`.as("count"))
    .executeTakeFirstOrThrow();
  const page = pageOf(Number((counted as { count: number | string }).count), query.page, query.pageSize);
  const items = (await matching.offset(page.from).limit(query.pageSize).execute()) as Row[];
  return { ...page, items };
}

/** The page to show of `total` rows: a page past the last one is the last one (after a delete). */
export function pageOf(total: number, requested: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requested), pageCount);
  return { total, page, pageCount, from: (page - 1) * pageSize };
}

/**
 * A search over text columns: each word of `search` must be part of one of the columns, in any
 * case (SQLite's LIKE ignores ASCII case and PostgreSQL's does not, so both sides are
 * lower-cased). One condition per word; none for an empty search. For admin lists, whose rows
 * are few enough to scan; the public media list has its own index (decision 0013).
 */
export function containsWords(columns: readonly string[], search: string): RawBuilder<SqlBool>[] {
  return search
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const pattern = `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const each = columns.map((column) => sql`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`);
      return sql<SqlBool>`(${sql.join(each, sql` or `)})`;
    });
}

/**
 * Saves a new order for one page of a paged list: the rows shown, which start `from` rows into
 * the list's order. They must still be exactly the rows at those places (an item added above
 * them, removed or moved by someone else is a conflict); they change places among themselves,
 * and the rest of the list stays as it is.
 */
export async function reorderPage(
  db: Db,
  table: OrderedTable,
  { expected, id }: OrderForm,
  from: number,
): Promise<void> {
  const rows = await db
    .selectFrom(table as "feed_items")
    .select(["id", "position"])
    .orderBy("position")
    .orderBy("id")
    .offset(from)
    .limit(expected.length)
    .execute();
  if (rows.length !== expected.length || rows.some((row, i) => row.id !== expected[i])) {
    throw new ListChangedError();
  }
  const positions = rows.map((row) => row.position);
  for (const [index, itemId] of id.entries()) {
    await db
      .updateTable(table as "feed_items")
      .set({ position: positions[index] ?? 0 })
      .where("id", "=", itemId)
      .execute();
  }
}
