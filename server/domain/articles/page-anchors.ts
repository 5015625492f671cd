import { sql } from "kysely";
import { readContentRevision } from "#server/db/content-revision.ts";
import type { Db } from "#server/db/database.ts";
import { slowReads } from "#server/db/slow-reads.ts";
import { Memo } from "#server/memo.ts";
import { publishedArticles } from "./published.ts";

/**
 * Deep pages of the article list without reading every article before them. Every thousandth
 * article in list order (newest first, then by id) is remembered per tag, so page 5,000 starts
 * from the nearest remembered article and skips fewer than a thousand index entries.
 *
 * What is remembered belongs to one content revision: every article write counts one in its
 * transaction (see search-index.ts and server/db/content-revision.ts), and a process that reads
 * a newer revision than its anchors were made at makes them again. So several processes sharing
 * one database never page with another's stale anchors.
 */

export const ANCHOR_EVERY = 1000;
/** Lists whose anchors a process keeps per database; the least recently used go first. */
const MAX_CACHED_LISTS = 64;

interface Anchor {
  publishedAt: string;
  id: string;
}

/** Per database handle (a process may open more than one: tests, tools), then per list. */
const memos = new WeakMap<Db, Memo<Anchor[]>>();

async function anchorsFor(db: Db, tag: string, every: number): Promise<Anchor[]> {
  const { revision } = await readContentRevision(db);
  let memo = memos.get(db);
  if (!memo) {
    memo = new Memo({ maxEntries: MAX_CACHED_LISTS });
    memos.set(db, memo);
  }
  return memo.get(`${every}:${tag}`, () => readAnchors(db, tag, every), revision);
}

/** The list's anchors: the i-th is the article at position (i + 1) * every - 1 (0-based). */
async function readAnchors(db: Db, tag: string, every: number): Promise<Anchor[]> {
  const tagCondition = tag ? sql`and tag = ${tag}` : sql``;
  // Numbering every article of the list reads all of them: off the request thread on SQLite.
  const { rows } = await sql<{ published_at: string; id: string }>`
    select published_at, id from (
      select published_at, id,
        row_number() over (order by published_at desc, id asc) as position
      from articles where status = 'published' ${tagCondition}
    ) as numbered
    where position % ${every} = 0
    order by position`.execute(slowReads(db));
  return rows.map((row) => ({ publishedAt: row.published_at, id: row.id }));
}

/** One page of published article ids in list order, optionally of one tag. */
export async function listedIds(
  db: Db,
  tag: string,
  offset: number,
  limit: number,
  every = ANCHOR_EVERY,
): Promise<string[]> {
  let select = publishedArticles(db).select("id");
  if (tag) select = select.where("tag", "=", tag);
  let skip = offset;
  if (offset >= every) {
    const anchors = await anchorsFor(db, tag, every);
    const passed = Math.min(Math.floor(offset / every), anchors.length);
    const anchor = anchors[passed - 1];
    if (anchor) {
      // Everything after the anchor in list order: older, or as old with a greater id. The
      // first condition lets the index start at the anchor.
      select = select
        .where("published_at", "<=", anchor.publishedAt)
        .where((eb) => eb.or([eb("published_at", "<", anchor.publishedAt), eb("id", ">", anchor.id)]));
      skip = offset - passed * every;
    }
  }
  const rows = await select.orderBy("published_at", "desc").orderBy("id", "asc").limit(limit).offset(skip).execute();
  return rows.map((row) => row.id);
}
