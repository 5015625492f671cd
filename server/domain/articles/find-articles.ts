import type { Db } from "#server/db/database.ts";
import type { ArticleListQuery } from "#shared/article-list-query.ts";
import { listedIds } from "./page-anchors.ts";
import { searchArticlePage } from "./search-query.ts";
import { queryWords } from "./search-tokens.ts";

/**
 * Which articles one page of a list shows, for the public media list and the admin list alike.
 * Nothing here grows with the number of articles: counts come from the tag counts table or the
 * search index, and pages are read from an index in list order.
 */

export interface ArticleIdPage {
  /** The page's articles in list order. */
  ids: string[];
  /** How many articles match the search and tag, over all pages. */
  total: number;
  /** True when more than `total` articles match (a search counts up to a limit). */
  totalCapped: boolean;
  page: number;
  pageCount: number;
}

export type PastTheEnd = "not-found" | "last-page";

/**
 * The ids on the requested page, or undefined when the page is past the last one and
 * `pastTheEnd` is "not-found" (the public list answers 404; the admin list shows the last page,
 * where a manager lands after deleting the last article of a page).
 */
export async function findArticlePage(
  db: Db,
  query: ArticleListQuery,
  pastTheEnd: PastTheEnd = "not-found",
): Promise<ArticleIdPage | undefined> {
  const words = queryWords(query.search);
  if (query.search && words.length === 0) {
    // Only punctuation or spaces: nothing can match.
    return { ids: [], total: 0, totalCapped: false, page: 1, pageCount: 1 };
  }
  if (words.length > 0) {
    const offset = (query.page - 1) * query.limit;
    const found = await searchArticlePage(db, { words, tag: query.tag }, offset, query.limit);
    // A capped total is a lower bound: the pages known to exist are those it fills.
    const pageCount = found.totalCapped
      ? Math.floor(found.total / query.limit) + 1
      : Math.max(1, Math.ceil(found.total / query.limit));
    if (query.page <= pageCount) return { ...found, page: query.page, pageCount };
    if (pastTheEnd === "not-found") return undefined;
    return findArticlePage(db, { ...query, page: pageCount }, pastTheEnd);
  }
  const total = await countArticles(db, query.tag);
  const pageCount = Math.max(1, Math.ceil(total / query.limit));
  if (query.page > pageCount && pastTheEnd === "not-found") return undefined;
  const page = Math.min(query.page, pageCount);
  const ids = total === 0 ? [] : await listedIds(db, query.tag, (page - 1) * query.limit, query.limit);
  return { ids, total, totalCapped: false, page, pageCount };
}

/**
 * A found page with its articles as a list shows them: their rows fetched together by id (not at
 * all for an empty page), put back in list order and made into items, with the page's counts.
 */
export async function withArticleRows<Row extends { id: string }, Item>(
  found: ArticleIdPage,
  fetchRows: (ids: string[]) => Promise<Row[]>,
  toItem: (row: Row) => Item,
): Promise<Omit<ArticleIdPage, "ids"> & { items: Item[] }> {
  const { ids, ...counts } = found;
  const rows = ids.length === 0 ? [] : await fetchRows(ids);
  return { items: inOrderOf(ids, rows).map(toItem), ...counts };
}

/** Rows fetched by id, put back in the order of `ids`. */
function inOrderOf<Row extends { id: string }>(ids: string[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** How many articles carry `tag`, or how many there are in all when `tag` is empty. */
export async function countArticles(db: Db, tag = ""): Promise<number> {
  let select = db
    .selectFrom("article_tag_counts")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("count"), eb.lit(0)).as("count"));
  if (tag) select = select.where("tag", "=", tag);
  const row = await select.executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface TagCount {
  tag: string;
  count: number;
}

/** Every tag in use with its number of articles, the most used first. */
export async function listArticleTags(db: Db): Promise<TagCount[]> {
  const rows = await db
    .selectFrom("article_tag_counts")
    .select(["tag", "count"])
    .where("tag", "<>", "")
    .where("count", ">", 0)
    .orderBy("count", "desc")
    .orderBy("tag", "asc")
    .execute();
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}
