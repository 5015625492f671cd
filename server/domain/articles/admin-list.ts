import { sql } from "kysely";
import type { Db } from "#server/db/database.ts";
import { containsWords } from "#server/domain/write/lists.ts";
import type { ArticleListQuery } from "#shared/article-list-query.ts";
import type { ArticleStatus } from "#shared/article-status.ts";
import { type ArticleHeading, articleFields } from "./article-fields.ts";
import { findArticlePage, withArticleRows } from "./find-articles.ts";
import { unpublishedArticles } from "./published.ts";

/**
 * The admin list of articles: every article searched and paged in the database like the public
 * list, and above it the ones visitors do not see yet (drafts and scheduled ones).
 */

export interface ManagedArticleRow extends ArticleHeading {
  imageCount: number;
  version: number;
}

export interface ManagedArticlePage {
  items: ManagedArticleRow[];
  total: number;
  /** True when more than `total` articles match: a search counts up to a limit. */
  totalCapped: boolean;
  page: number;
  pageCount: number;
}

/**
 * The admin list: searched, filtered by tag and paged like the public list, newest first. A page
 * past the last one shows the last page (a manager lands there after deleting its last article).
 */
export async function listManagedArticles(db: Db, query: ArticleListQuery): Promise<ManagedArticlePage> {
  const found = await findArticlePage(db, query, "last-page");
  if (!found) throw new Error("The admin list always has a page.");
  return withArticleRows(found, (ids) => managedArticles(db).where("articles.id", "in", ids).execute(), managedRowOf);
}

/** The columns of an admin list row, with the article's number of images. */
function managedArticles(db: Db, from: typeof unpublishedArticles = (handle) => handle.selectFrom("articles")) {
  return from(db).select((eb) => [
    "articles.id",
    "articles.title",
    "articles.tag",
    "articles.published_at",
    "articles.status",
    "articles.updated_at",
    "articles.version",
    eb
      .selectFrom("article_images")
      .select((inner) => inner.fn.countAll().as("count"))
      .whereRef("article_images.article_id", "=", "articles.id")
      .as("image_count"),
  ]);
}

function managedRowOf(row: {
  id: string;
  title: string;
  tag: string;
  published_at: string;
  status: ArticleStatus;
  updated_at: string;
  version: number | string;
  image_count: number | string | bigint | null;
}): ManagedArticleRow {
  return {
    ...articleFields(row),
    status: row.status,
    updatedAt: row.updated_at,
    imageCount: Number(row.image_count ?? 0),
    version: Number(row.version),
  };
}

/** Drafts and scheduled articles are few; the admin list shows at most this many above the rest. */
export const MAX_PENDING_ROWS = 200;

/**
 * The articles visitors do not see yet (drafts and scheduled ones), for the top of the admin list:
 * the next to be published first, then the drafts, newest first. `search` matches their titles
 * and text, `tag` their tag; `status` keeps one of the two kinds.
 */
export async function listPendingArticles(
  db: Db,
  filter: { search: string; tag: string; status?: Exclude<ArticleStatus, "published"> },
): Promise<ManagedArticleRow[]> {
  let select = managedArticles(db, unpublishedArticles);
  if (filter.status) select = select.where("articles.status", "=", filter.status);
  if (filter.tag) select = select.where("articles.tag", "=", filter.tag);
  for (const word of containsWords(["articles.title", "articles.contents_text"], filter.search)) {
    select = select.where(word);
  }
  const rows = await select
    .orderBy(sql`case when articles.status = 'scheduled' then 0 else 1 end`)
    .orderBy(sql`case when articles.status = 'scheduled' then articles.published_at end`, "asc")
    .orderBy("articles.updated_at", "desc")
    .limit(MAX_PENDING_ROWS)
    .execute();
  return rows.map(managedRowOf);
}
