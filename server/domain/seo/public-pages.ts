import type { Db } from "#server/db/database.ts";
import { publishedArticles } from "#server/domain/articles/articles.ts";
import { publicPages } from "#shared/public-pages.ts";

/**
 * Every visitor page with a fixed address, in the sitemap's order (the list and the pages'
 * titles are in shared/public-pages.ts). Page views are counted only for them and for articles.
 */
export const publicPagePaths: readonly string[] = publicPages.map((page) => page.path);

const fixedPaths = new Set<string>(publicPagePaths);

/** Articles live at /community/media/{id}, ids being UUIDs without dashes. */
const articlePath = /^\/community\/media\/([0-9a-f]{32})$/;

export function articlePathOf(id: string): string {
  return `/community/media/${id}`;
}

/** The id of the article a path names, or undefined when it names none. */
export function articleIdOf(path: string): string | undefined {
  return articlePath.exec(path)?.[1];
}

/** A path without its trailing slashes ("/" stays "/"). */
export function normalizePath(path: string): string {
  return path.replace(/\/+$/, "") || "/";
}

/**
 * The public page a path names, normalized, or undefined for anything else: the admin area,
 * files, feeds, unknown addresses and articles that do not exist or are not published.
 */
export async function resolvePublicPage(db: Db, path: string): Promise<string | undefined> {
  const normalized = normalizePath(path);
  if (fixedPaths.has(normalized)) return normalized;
  const id = articleIdOf(normalized);
  if (!id) return undefined;
  const article = await publishedArticles(db).select("id").where("id", "=", id).executeTakeFirst();
  return article ? normalized : undefined;
}
