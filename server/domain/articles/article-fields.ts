import type { ArticleStatus } from "#shared/article-status.ts";

/** What every view of one article shows about it, the public page and the admin list alike. */
export interface ArticleHeading {
  id: string;
  title: string;
  tag: string;
  publishedAt: string;
  status: ArticleStatus;
  updatedAt: string;
}

/**
 * The fields every view of an article starts with (the lists, the article page, the editor, the
 * search index): its id, title, tag and publication time (ISO), from its row.
 */
export function articleFields(row: { id: string; title: string; tag: string; published_at: string }) {
  return { id: row.id, title: row.title, tag: row.tag, publishedAt: row.published_at };
}
