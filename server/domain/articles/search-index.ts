import { type Kysely, PostgresAdapter, sql } from "kysely";
import { bumpContentRevision } from "#server/db/content-revision.ts";
import type { Db } from "#server/db/database.ts";
import { articleFields } from "./article-fields.ts";
import { searchWords, tokenSet, tokenStream } from "./search-tokens.ts";

/**
 * Keeps the articles' search index, tag counts and revision in step with the articles (decision
 * 0013). Every article write calls `indexArticles` or `unindexArticles` inside its own
 * transaction, so the index never shows a state the articles table never had.
 */

/** What the index needs of an article. */
export interface IndexedArticle {
  id: string;
  title: string;
  tag: string;
  /** ISO instant. */
  publishedAt: string;
  /** The contents as plain text. */
  text: string;
}

/**
 * PostgreSQL's tsvector holds at most 1 MB of distinct tokens; an article past that (roughly a
 * million characters of varied text) is refused on both engines alike, so they never differ.
 */
const MAX_TOKEN_BYTES = 1_000_000;

export function fitsTheIndex(article: Pick<IndexedArticle, "title" | "text">): boolean {
  const tokens = tokenSet(searchWords(`${article.title}\n${article.text}`));
  if (tokens.length * 8 <= MAX_TOKEN_BYTES) return true;
  let bytes = 0;
  for (const token of tokens) {
    bytes += Buffer.byteLength(token);
    if (bytes > MAX_TOKEN_BYTES) return false;
  }
  return true;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations pass an untyped handle
export function isPostgres(db: Db | Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const TIE_SLOTS = 1024;
/** Published times are clamped to about 1700-2250, so every key is a safe JavaScript integer. */
const MAX_TIME = 8_000_000_000_000;

/**
 * The key that sorts an article among the others, newest first when descending: published time
 * in milliseconds, then (among articles published in the same millisecond) the id, by its first
 * ten bits. A clash moves the newcomer to the nearest free key below.
 */
export function preferredSearchKey(publishedAt: string, id: string): number {
  const time = Math.max(-MAX_TIME, Math.min(MAX_TIME, Date.parse(publishedAt) || 0));
  const idBits = Number.parseInt(id.slice(0, 3), 16) >> 2 || 0;
  return time * TIE_SLOTS + (TIE_SLOTS - 1 - idBits);
}

/** For each preferred key, the first free one from it downwards (also among these articles). */
async function allocateKeys(db: Db, preferred: number[]): Promise<number[]> {
  const taken = new Set<number>();
  for (let start = 0; start < preferred.length; start += 500) {
    const rows = await db
      .selectFrom("article_search")
      .select("search_key")
      .where("search_key", "in", preferred.slice(start, start + 500))
      .execute();
    for (const row of rows) taken.add(Number(row.search_key));
  }
  const keys: number[] = [];
  for (const wanted of preferred) {
    let key = wanted;
    // The preferred key was looked up above; a key below it is looked up on the way down.
    while (taken.has(key) || (key !== wanted && (await keyInUse(db, key)))) key -= 1;
    taken.add(key);
    keys.push(key);
  }
  return keys;
}

async function keyInUse(db: Db, key: number): Promise<boolean> {
  const row = await db
    .selectFrom("article_search")
    .select("article_id")
    .where("search_key", "=", key)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds articles to the index, or replaces what it holds for them. */
export async function indexArticles(db: Db, articles: IndexedArticle[]): Promise<void> {
  if (articles.length === 0) return;
  await removeFromIndex(
    db,
    articles.map((article) => article.id),
  );
  const keys = await allocateKeys(
    db,
    articles.map((article) => preferredSearchKey(article.publishedAt, article.id)),
  );
  if (isPostgres(db)) {
    await db
      .insertInto("article_search")
      .values(
        articles.map((article, index) => {
          const titleWords = searchWords(article.title);
          const bodyWords = searchWords(article.text);
          return {
            article_id: article.id,
            search_key: keys[index] ?? 0,
            tag: article.tag,
            title_text: titleWords.join(" "),
            body_text: bodyWords.join(" "),
            // From the terms as they are: no parser, dictionary or locale is involved. Terms hold
            // no spaces, so one string per list travels faster than an array parameter.
            title_terms: tsvectorOf(tokenSet(titleWords)),
            terms: tsvectorOf(tokenSet([...titleWords, ...bodyWords])),
          };
        }),
      )
      .execute();
  } else {
    const rows = articles.map((article, index) => ({
      article_id: article.id,
      search_key: keys[index] ?? 0,
      tag: article.tag,
    }));
    await db.insertInto("article_search").values(rows).execute();
    for (const [index, article] of articles.entries()) {
      await sql`insert into article_search_fts (rowid, title, body, tag)
        values (${keys[index]}, ${tokenStream(article.title)}, ${tokenStream(article.text)},
          ${tagToken(article.tag)})`.execute(db);
    }
  }
  await addTagCounts(db, countTags(articles.map((article) => article.tag)));
  // Every process's page anchors and cached pages follow the content revision.
  await bumpContentRevision(db);
}

function tsvectorOf(tokens: string[]) {
  // Past 1 MB a tsvector silently stops matching anything. Article writes refuse such text
  // (fitsTheIndex); an older article indexed by the migration keeps its first megabyte.
  let bytes = 0;
  // A token is two characters at most, eight bytes in UTF-8: most lists need no counting.
  const kept =
    tokens.length * 8 <= MAX_TOKEN_BYTES
      ? tokens
      : tokens.filter((token) => {
          bytes += Buffer.byteLength(token);
          return bytes <= MAX_TOKEN_BYTES;
        });
  return sql<string>`array_to_tsvector(string_to_array(${kept.join(" ")}, ' '))`;
}

/** Takes articles out of the index (before they are deleted). */
export async function unindexArticles(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await removeFromIndex(db, ids);
  // Every process's page anchors and cached pages follow the content revision.
  await bumpContentRevision(db);
}

async function removeFromIndex(db: Db, ids: string[]): Promise<void> {
  const rows = await db
    .selectFrom("article_search")
    .select(["article_id", "search_key", "tag"])
    .where("article_id", "in", ids)
    .execute();
  if (rows.length === 0) return;
  if (!isPostgres(db)) {
    for (const row of rows) {
      await sql`delete from article_search_fts where rowid = ${row.search_key}`.execute(db);
    }
  }
  await db
    .deleteFrom("article_search")
    .where(
      "article_id",
      "in",
      rows.map((row) => row.article_id),
    )
    .execute();
  const removed = countTags(rows.map((row) => row.tag));
  for (const [tag, count] of removed) removed.set(tag, -count);
  await addTagCounts(db, removed);
}

/** The token that stands for a tag in the SQLite index: any text, as one ASCII word. */
export function tagToken(tag: string): string {
  return tag ? `t${Buffer.from(tag, "utf8").toString("hex")}` : "";
}

function countTags(tags: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const tag of tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return counts;
}

async function addTagCounts(db: Db, changes: Map<string, number>): Promise<void> {
  for (const [tag, change] of changes) {
    if (change === 0) continue;
    await db
      .insertInto("article_tag_counts")
      .values({ tag, count: change })
      .onConflict((conflict) =>
        conflict.column("tag").doUpdateSet({ count: sql`article_tag_counts.count + ${change}` }),
      )
      .execute();
  }
}

/**
 * Indexes every article again, in batches: for the migration that adds the index (every article
 * then was published), and, `publishedOnly`, for a restore (visitors search published ones only).
 */
export async function rebuildArticleIndex(
  db: Db,
  { batchSize = 500, publishedOnly = false }: { batchSize?: number; publishedOnly?: boolean } = {},
): Promise<number> {
  let after = "";
  let indexed = 0;
  for (;;) {
    let query = db
      .selectFrom("articles")
      .select(["id", "title", "tag", "published_at", "contents_text"])
      .where("id", ">", after);
    if (publishedOnly) query = query.where("status", "=", "published");
    const batch = await query.orderBy("id").limit(batchSize).execute();
    if (batch.length === 0) return indexed;
    await indexArticles(
      db,
      batch.map((row) => ({
        ...articleFields(row),
        text: row.contents_text,
      })),
    );
    indexed += batch.length;
    after = batch.at(-1)?.id ?? after;
  }
}
