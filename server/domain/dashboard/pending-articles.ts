import type { Db } from "#server/db/database.ts";
import { listPendingArticles, MAX_PENDING_ROWS } from "#server/domain/articles/admin-list.ts";
import type { ArticleStatus } from "#shared/article-status.ts";

/** How many of the articles not yet public the dashboard lists; the rest are a link away. */
export const PENDING_ON_DASHBOARD = 8;

export interface PendingArticle {
  id: string;
  title: string;
  status: ArticleStatus;
  /** For a scheduled article, when it goes public. */
  publishedAt: string;
  updatedAt: string;
}

export interface PendingArticles {
  items: PendingArticle[];
  total: number;
  /** True when there are more than `total`: the admin list's own limit was reached. */
  totalCapped: boolean;
}

/** Drafts and scheduled articles in the admin list's order: the next to go public first. */
export async function pendingArticlesOverview(db: Db): Promise<PendingArticles> {
  const rows = await listPendingArticles(db, { search: "", tag: "" });
  return {
    items: rows.slice(0, PENDING_ON_DASHBOARD).map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      publishedAt: row.publishedAt,
      updatedAt: row.updatedAt,
    })),
    total: rows.length,
    totalCapped: rows.length >= MAX_PENDING_ROWS,
  };
}
