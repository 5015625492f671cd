import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { z } from "zod";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { type ImageRef, imageColumns, toImageRef, toOptionalImageRef } from "../files/files.ts";
import { ALL_TAG, type ArticleListQuery, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./list-query.ts";

const MAX_SEARCH_LENGTH = 100;
/** The longest tag a manager may give an article (and the longest one the list reads). */
export const MAX_TAG_LENGTH = 50;
const MAX_PAGE = 10_000;
const EXCERPT_LENGTH = 140;

/** A plain positive whole number as written in an address: "3", not "3.0", "1e2" or "-3". */
const positiveWhole = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .pipe(z.number().min(1));

function positiveOr(value: string | null, fallback: number): number {
  const parsed = positiveWhole.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/**
 * Reads the list's query string. Nothing here fails: a malformed value falls back to the default
 * (page 1, 9 per page) and a value past the maximum is clamped, so every address shows a list.
 */
export function parseArticleListQuery(params: URLSearchParams): ArticleListQuery {
  const search = (params.get("search") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const tag = (params.get("tag") ?? "").trim().slice(0, MAX_TAG_LENGTH);
  return {
    page: Math.min(positiveOr(params.get("page"), 1), MAX_PAGE),
    limit: Math.min(positiveOr(params.get("limit"), DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE),
    search,
    tag: tag === ALL_TAG ? "" : tag,
  };
}

export interface ArticleImage {
  image: ImageRef;
  alt: string;
}

export interface ArticleCard {
  id: string;
  title: string;
  tag: string;
  publishedAt: string;
  excerpt: string;
  /** The article's first image, if it has any. */
  cover: ArticleImage | undefined;
}

export interface ArticlePage {
  items: ArticleCard[];
  /** How many articles match the search and tag, over all pages. */
  total: number;
  /** The page shown: the requested one, or the last page when the request was past it. */
  page: number;
  pageCount: number;
  limit: number;
}

/** `%text%` with LIKE's wildcards and its escape character in `text` taken literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

type ArticlesExpressions = ExpressionBuilder<Database, "articles">;

/** The search and tag conditions, shared by the public list, the admin list and their counts. */
export function articleMatches(
  eb: ArticlesExpressions,
  query: Pick<ArticleListQuery, "search" | "tag">,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (query.tag) conditions.push(eb("articles.tag", "=", query.tag));
  if (query.search) {
    const pattern = likeContains(query.search);
    // lower() on both sides: Latin letters match in any case on SQLite and PostgreSQL alike.
    conditions.push(
      eb.or([
        sql<SqlBool>`lower(${eb.ref("articles.title")}) like lower(${pattern}) escape '\\'`,
        sql<SqlBool>`lower(${eb.ref("articles.contents_text")}) like lower(${pattern}) escape '\\'`,
      ]),
    );
  }
  return eb.and(conditions);
}

export async function countArticles(
  db: Db,
  query: Pick<ArticleListQuery, "search" | "tag">,
): Promise<number> {
  const row = await db
    .selectFrom("articles")
    .select((eb) => eb.fn.countAll().as("count"))
    .where((eb) => articleMatches(eb, query))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many articles match and which page to show: the requested one, or the last one. */
export async function countPages(
  db: Db,
  query: ArticleListQuery,
): Promise<{ total: number; page: number; pageCount: number }> {
  const total = await countArticles(db, query);
  const pageCount = Math.max(1, Math.ceil(total / query.limit));
  return { total, page: Math.min(query.page, pageCount), pageCount };
}

/**
 * One page of the media list, newest first. Filtering, counting and paging all happen in the
 * database; a page past the end shows the last page.
 */
export async function listArticles(
  db: Db,
  storage: FileStorage,
  query: ArticleListQuery,
): Promise<ArticlePage> {
  const { total, page, pageCount } = await countPages(db, query);
  const rows = await db
    .selectFrom("articles")
    .leftJoin("article_images", (join) =>
      join
        .onRef("article_images.article_id", "=", "articles.id")
        .on("article_images.position", "=", (eb) =>
          eb
            .selectFrom("article_images as first_image")
            .select((inner) => inner.fn.min("first_image.position").as("position"))
            .whereRef("first_image.article_id", "=", "articles.id"),
        ),
    )
    .leftJoin("files", "files.id", "article_images.file_id")
    .select([
      "articles.id",
      "articles.title",
      "articles.tag",
      "articles.published_at",
      // Only the start of the text travels: enough for the excerpt.
      sql<string>`substr(articles.contents_text, 1, ${EXCERPT_LENGTH * 2})`.as("text_start"),
      "article_images.alt",
      ...imageColumns,
    ])
    .where((eb) => articleMatches(eb, query))
    .orderBy("articles.published_at", "desc")
    .orderBy("articles.id", "asc")
    .limit(query.limit)
    .offset((page - 1) * query.limit)
    .execute();
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      tag: row.tag,
      publishedAt: row.published_at,
      excerpt: excerpt(row.text_start),
      cover: coverOf(storage, row),
    })),
    total,
    page,
    pageCount,
    limit: query.limit,
  };
}

function coverOf(
  storage: FileStorage,
  row: Parameters<typeof toOptionalImageRef>[1] & { alt: string | null },
): ArticleImage | undefined {
  const image = toOptionalImageRef(storage, row);
  return image ? { image, alt: row.alt ?? "" } : undefined;
}

export interface TagCount {
  tag: string;
  count: number;
}

/** Every tag in use with its number of articles, the most used first. */
export async function listArticleTags(db: Db): Promise<TagCount[]> {
  const rows = await db
    .selectFrom("articles")
    .select(["tag", (eb) => eb.fn.countAll().as("count")])
    .where("tag", "<>", "")
    .groupBy("tag")
    .orderBy("count", "desc")
    .orderBy("tag", "asc")
    .execute();
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}

export interface ArticleNeighbour {
  id: string;
  title: string;
}

export interface Article {
  id: string;
  title: string;
  tag: string;
  publishedAt: string;
  updatedAt: string;
  /** Sanitized HTML, safe to render as is. */
  contents: string;
  excerpt: string;
  images: ArticleImage[];
  /** The next article in the list's order (older), and the one before it (newer). */
  older: ArticleNeighbour | undefined;
  newer: ArticleNeighbour | undefined;
}

/** Identifiers are UUIDs without dashes; anything else cannot name an article. */
export const articleIdSchema = z.string().regex(/^[0-9a-f]{32}$/);

/** One article with its images in order and its neighbours in the list; undefined if unknown. */
export async function getArticle(
  db: Db,
  storage: FileStorage,
  id: string,
): Promise<Article | undefined> {
  if (!articleIdSchema.safeParse(id).success) return undefined;
  const row = await db
    .selectFrom("articles")
    .select(["id", "title", "tag", "published_at", "updated_at", "contents", "contents_text"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [images, older, newer] = await Promise.all([
    selectArticleImages(db, id),
    neighbour(db, row, "older"),
    neighbour(db, row, "newer"),
  ]);
  return {
    id: row.id,
    title: row.title,
    tag: row.tag,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    contents: row.contents,
    excerpt: excerpt(row.contents_text),
    images: images.map((image) => ({ image: toImageRef(storage, image), alt: image.alt })),
    older,
    newer,
  };
}

/** An article's images in their order, with the file columns `toImageRef` needs. */
export function selectArticleImages(db: Db, articleId: string) {
  return db
    .selectFrom("article_images")
    .innerJoin("files", "files.id", "article_images.file_id")
    .select(["article_images.file_id", "article_images.alt", ...imageColumns])
    .where("article_images.article_id", "=", articleId)
    .orderBy("article_images.position", "asc")
    .execute();
}

/**
 * The article next to `article` in the list's order (newest first, then by id): the one after it
 * ("older") or the one before it ("newer"). Both walk the (published_at, id) index.
 */
function neighbour(
  db: Db,
  article: { id: string; published_at: string },
  direction: "older" | "newer",
): Promise<ArticleNeighbour | undefined> {
  const older = direction === "older";
  return db
    .selectFrom("articles")
    .select(["id", "title"])
    .where((eb) =>
      eb.or([
        eb("published_at", older ? "<" : ">", article.published_at),
        eb.and([
          eb("published_at", "=", article.published_at),
          eb("id", older ? ">" : "<", article.id),
        ]),
      ]),
    )
    .orderBy("published_at", older ? "desc" : "asc")
    .orderBy("id", older ? "asc" : "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The start of a text on one line, cut at a word boundary near `length` characters. */
export function excerpt(text: string, length: number = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,·:;]+$/, "")}…`;
}
