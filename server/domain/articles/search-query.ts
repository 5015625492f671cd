import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { Db } from "#server/db/database.ts";
import { slowReads } from "#server/db/slow-reads.ts";
import { isPostgres, tagToken } from "./search-index.ts";
import { bigramsOf, lengthOf } from "./search-tokens.ts";

/**
 * Reads the articles' search index (decision 0013). A search is a list of normalised words
 * (`queryWords`), each of which must occur in the title or the contents; articles whose title
 * holds every word come first, then the others, newest first within each group. Both engines
 * answer the same articles in the same order.
 */

export interface SearchFilter {
  /** Normalised query words; at least one. */
  words: string[];
  /** An exact tag, or empty for every tag. */
  tag: string;
}

/** Counting stops here (or at the end of the requested page, if that is further). */
export const SEARCH_COUNT_LIMIT = 1000;

export interface SearchPage {
  /** The matches from `offset`, in ranked order; empty when `offset` is past the last match. */
  ids: string[];
  /** How many articles match, counted up to the limit. */
  total: number;
  /** True when more than `total` articles match. */
  totalCapped: boolean;
}

type Group = "all" | "title" | "body";

/**
 * One page of ranked matches. Counting every match of a common word would read most of the
 * index, so counting stops after SEARCH_COUNT_LIMIT matches (or after the requested page): the
 * reader sees "1000 or more", and the pages beyond appear as they are reached.
 */
export async function searchArticlePage(
  database: Db,
  filter: SearchFilter,
  offset: number,
  limit: number,
): Promise<SearchPage> {
  // Reading the index takes milliseconds at scale: on SQLite it runs off the request thread.
  const db = slowReads(database);
  const end = offset + limit;
  const countLimit = Math.max(SEARCH_COUNT_LIMIT, end);
  const counted = await countUpTo(db, filter, "all", countLimit + 1);
  const total = Math.min(counted, countLimit);
  const totalCapped = counted > countLimit;
  if (counted <= offset) return { ids: [], total, totalCapped };
  // Title matches come first: the page starts in the body matches only past the last of them.
  const inTitle = await countUpTo(db, filter, "title", end);
  const ids: string[] = [];
  if (offset < inTitle) {
    const plan = inTitle < end ? "gather" : "walk";
    ids.push(...(await groupIds(db, filter, "title", plan, offset, limit)));
  }
  const remaining = limit - ids.length;
  if (remaining > 0 && inTitle < end) {
    const bodyOffset = Math.max(0, offset - inTitle);
    const plan = totalCapped ? "walk" : "gather";
    ids.push(...(await groupIds(db, filter, "body", plan, bodyOffset, remaining)));
  }
  return { ids, total, totalCapped };
}

/**
 * How PostgreSQL reads a group of matches. Its planner judges a word's frequency from each
 * piece separately and does not see that a tag and a title word go together, so it can walk
 * the whole table for a rare word or gather tens of thousands of rows for a common one. The
 * counts above tell which case this is:
 * - "gather": few matches (fewer than the count limit, or than the page's end): collect them
 *   from the token index and sort them;
 * - "walk": many matches: read the articles newest first and stop at the page's end.
 * Counting always gathers from the index and stops at its cap.
 */
type Plan = "gather" | "walk";

function withPlan<T>(db: Db, plan: Plan, read: (trx: Db) => Promise<T>): Promise<T> {
  // Inside a caller's transaction the settings would outlast this read: leave the plan be.
  if (db.isTransaction) return read(db);
  return db.transaction().execute(async (trx) => {
    if (plan === "gather") {
      await sql`select set_config('enable_seqscan', 'off', true),
        set_config('enable_indexscan', 'off', true)`.execute(trx);
    } else {
      await sql`select set_config('enable_bitmapscan', 'off', true),
        set_config('enable_seqscan', 'off', true), set_config('enable_sort', 'off', true)`.execute(trx);
    }
    return read(trx);
  });
}

/** How many articles of a group match, but no more than `cap`: reading stops there. */
async function countUpTo(db: Db, filter: SearchFilter, group: Group, cap: number): Promise<number> {
  const result = isPostgres(db)
    ? await withPlan(db, "gather", (trx) =>
        sql<{ count: string | number }>`select count(*) as count from (
          select 1 from article_search where ${postgresCondition(filter, group)} limit ${cap}
        ) as matches`.execute(trx),
      )
    : await sql<{ count: number }>`select count(*) as count from (
        select rowid from article_search_fts
        where article_search_fts match ${ftsQuery(filter, group)} limit ${cap}
      )`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

async function groupIds(
  db: Db,
  filter: SearchFilter,
  group: Group,
  plan: Plan,
  offset: number,
  limit: number,
): Promise<string[]> {
  // SQLite reads its index newest first and stops after `limit` rows.
  const result = isPostgres(db)
    ? await withPlan(db, plan, (trx) =>
        sql<{ article_id: string }>`select article_id from article_search
          where ${postgresCondition(filter, group)}
          order by search_key desc, article_id limit ${limit} offset ${offset}`.execute(trx),
      )
    : await sql<{ article_id: string }>`select article_search.article_id
        from article_search_fts
        join article_search on article_search.search_key = article_search_fts.rowid
        where article_search_fts match ${ftsQuery(filter, group)}
        order by article_search_fts.rowid desc limit ${limit} offset ${offset}`.execute(db);
  return result.rows.map((row) => row.article_id);
}

/**
 * The FTS5 query: each word as a phrase of its two-character pieces (a one-character word as a
 * prefix), all of them required. Tokens hold only letters, marks and digits, so quoting is safe.
 */
export function ftsQuery(filter: SearchFilter, group: Group): string {
  const words = filter.words
    .map((word) => (lengthOf(word) === 1 ? `"${word}" *` : `"${bigramsOf(word).join(" ")}"`))
    .join(" AND ");
  const tag = filter.tag ? ` AND tag : "${tagToken(filter.tag)}"` : "";
  const anywhere = `{title body} : (${words})${tag}`;
  const inTitle = `title : (${words})${tag}`;
  if (group === "all") return anywhere;
  if (group === "title") return inTitle;
  return `(${anywhere}) NOT (${inTitle})`;
}

/**
 * The PostgreSQL condition: the same tokens as on SQLite, in tsvectors. The GIN index finds the
 * articles holding every piece (a one-character word as a prefix); words of three or more
 * characters are then checked as substrings of the normalised words, which is what the FTS5
 * phrase checks. The title is checked first: it is small, and a body match excludes title
 * matches, so most rows are decided without reading the contents' tokens.
 */
function postgresCondition(filter: SearchFilter, group: Group): RawBuilder<SqlBool> {
  // Tokens hold only letters, marks and digits, so they need no escaping inside quotes.
  const pieces = new Set(filter.words.flatMap(bigramsOf));
  const prefixes = filter.words.filter((word) => lengthOf(word) === 1);
  const tsquery = [
    ...[...pieces].map((piece) => `'${piece}'`),
    ...prefixes.map((character) => `'${character}':*`),
  ].join(" & ");
  const long = filter.words.filter((word) => lengthOf(word) >= 3);
  const inTitle = sql<SqlBool>`(title_terms @@ ${tsquery}::tsquery${sql.join(
    long.map((word) => sql` and strpos(title_text, ${word}) > 0`),
    sql``,
  )})`;
  const anywhere = sql<SqlBool>`(terms @@ ${tsquery}::tsquery${sql.join(
    long.map((word) => sql` and (strpos(title_text, ${word}) > 0 or strpos(body_text, ${word}) > 0)`),
    sql``,
  )})`;
  const tag = filter.tag ? sql<SqlBool>` and tag = ${filter.tag}` : sql``;
  if (group === "all") return sql`${anywhere}${tag}`;
  if (group === "title") return sql`${inTitle}${tag}`;
  return sql`not ${inTitle} and ${anywhere}${tag}`;
}
