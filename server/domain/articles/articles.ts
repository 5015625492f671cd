import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { type ImageRef, imageColumns, toImageRef, toOptionalImageRef } from "#server/domain/files/files.ts";
import { parseListQuery, positiveOr, queryText } from "#server/domain/list-query.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { ALL_TAG, type ArticleListQuery, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "#shared/article-list-query.ts";
import { type ArticleHeading, articleFields } from "./article-fields.ts";
import { findArticlePage, withArticleRows } from "./find-articles.ts";
import { publishedArticles } from "./published.ts";

export { countArticles, listArticleTags, type TagCount } from "./find-articles.ts";
export { publishedArticles } from "./published.ts";

/** The longest tag a manager may give an article (and the longest one the list reads). */
export const MAX_TAG_LENGTH = 50;
export const MAX_TITLE_LENGTH = 200;
const EXCERPT_LENGTH = 140;

/**
 * Reads the list's query string: its page and search as every list reads them, then the tag and
 * the page size. Nothing here fails: a malformed value falls back to the default (page 1, 9 per
 * page) and a limit past the maximum is clamped. A page past the last one is the list's to
 * refuse.
 */
export function parseArticleListQuery(params: URLSearchParams): ArticleListQuery {
  const tag = queryText(params.get("tag"), MAX_TAG_LENGTH);
  return {
    ...parseListQuery(params),
    limit: Math.min(positiveOr(params.get("limit"), DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE),
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
  /** True when more than `total` articles match: a search counts up to a limit. */
  totalCapped: boolean;
  page: number;
  pageCount: number;
  limit: number;
}

/**
 * One page of the media list: searched (title matches first), filtered by tag and paged in the
 * database, newest first. Undefined when the page is past the last one.
 */
export async function listArticles(
  db: Db,
  storage: FileStorage,
  query: ArticleListQuery,
): Promise<ArticlePage | undefined> {
  const found = await findArticlePage(db, query);
  if (!found) return undefined;
  const page = await withArticleRows(
    found,
    (ids) =>
      db
        .selectFrom("articles")
        .leftJoin("article_images", (join) =>
          join.onRef("article_images.article_id", "=", "articles.id").on("article_images.position", "=", (eb) =>
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
        .where("articles.id", "in", ids)
        .execute(),
    (row) => ({
      ...articleFields(row),
      excerpt: excerpt(row.text_start),
      cover: coverOf(storage, row),
    }),
  );
  return { ...page, limit: query.limit };
}

function coverOf(
  storage: FileStorage,
  row: Parameters<typeof toOptionalImageRef>[1] & { alt: string | null },
): ArticleImage | undefined {
  const image = toOptionalImageRef(storage, row);
  return image ? { image, alt: row.alt ?? "" } : undefined;
}

export interface ArticleNeighbour {
  id: string;
  title: string;
}

export interface Article extends ArticleHeading {
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

/**
 * A published article with its images in order and its neighbours in the list; undefined if
 * unknown. `unpublished` also finds drafts and scheduled articles: for a manager's preview only.
 */
export async function getArticle(
  db: Db,
  storage: FileStorage,
  id: string,
  options: { unpublished?: boolean } = {},
): Promise<Article | undefined> {
  if (!articleIdSchema.safeParse(id).success) return undefined;
  const row = await (options.unpublished ? db.selectFrom("articles") : publishedArticles(db))
    .select(["id", "title", "tag", "published_at", "status", "updated_at", "contents", "contents_text"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [images, older, newer] = await Promise.all([
    selectArticleImages(db, id),
    neighbour(db, row, "older"),
    neighbour(db, row, "newer"),
  ]);
  return {
    ...articleFields(row),
    status: row.status,
    updatedAt: row.updated_at,
    contents: row.contents,
    excerpt: excerpt(row.contents_text),
    images: images.map((image) => ({ image: toImageRef(storage, image), alt: image.alt })),
    older,
    newer,
  };
}

/**
 * An article's images in their order, with the file columns `toImageRef` needs (the file's id
 * among them, as `file_id`).
 */
export function selectArticleImages(db: Db, articleId: string) {
  return db
    .selectFrom("article_images")
    .innerJoin("files", "files.id", "article_images.file_id")
    .select(["article_images.alt", ...imageColumns])
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
  // The first condition bounds the index range; alone the "or" would read the whole index.
  return (
    publishedArticles(db)
      .select(["id", "title"])
      .where("published_at", older ? "<=" : ">=", article.published_at)
      .where((eb) =>
        eb.or([eb("published_at", older ? "<" : ">", article.published_at), eb("id", older ? ">" : "<", article.id)]),
      )
      .orderBy("published_at", older ? "desc" : "asc")
      .orderBy("id", older ? "asc" : "desc")
      .limit(1)
      .executeTakeFirst()
      // A plain object: node:sqlite's rows have no prototype, which the page's data stream marks,
      // so the page would differ by engine.
      .then((row) => row && { id: row.id, title: row.title })
  );
}

/** The start of a text on one line, cut at a word boundary near `length` characters. */
export function excerpt(text: string, length: number = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,·:;]+$/, "")}…`;
}
