import { ALL_TAG, type ArticleListQuery, DEFAULT_PAGE_SIZE } from "#shared/article-list-query.ts";

export const MEDIA_PATH = "/community/media";

/**
 * The media list's address for a state, in the spec's parameter order and without the defaults,
 * so shared links stay short: `/community/media?page=2&search=해커톤&tag=행사`.
 */
export function mediaListHref(query: Partial<ArticleListQuery>): string {
  const params = new URLSearchParams();
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.limit && query.limit !== DEFAULT_PAGE_SIZE) params.set("limit", String(query.limit));
  if (query.search) params.set("search", query.search);
  if (query.tag && query.tag !== ALL_TAG) params.set("tag", query.tag);
  const search = params.toString();
  return search ? `${MEDIA_PATH}?${search}` : MEDIA_PATH;
}

export function articleHref(id: string): string {
  return `${MEDIA_PATH}/${id}`;
}

/** A manager's preview of an article in any status (signed in only). */
export function articlePreviewHref(id: string, options: { unsavedEdits?: boolean } = {}): string {
  return `${articleHref(id)}/preview${options.unsavedEdits ? "?edits" : ""}`;
}

/**
 * Where the admin area opens an article for a look: as visitors see it once it is published, in
 * the preview while it is a draft or scheduled (its public address answers 404 until then).
 */
export function articleViewHref(article: { id: string; status: string }): string {
  return article.status === "published" ? articleHref(article.id) : articlePreviewHref(article.id);
}

export const RSS_PATH = "/rss.xml";

/** The `<link rel="alternate">` that lets feed readers find the articles' RSS feed. */
export function rssAlternate(clubName: string) {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: `${clubName} 미디어`,
    href: RSS_PATH,
  } as const;
}
