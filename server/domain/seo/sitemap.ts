import type { Db } from "../../db/database.ts";
import { articlePathOf, publicPagePaths } from "./public-pages.ts";

export interface SitemapEntry {
  path: string;
  /** When the page last changed (ISO instant), where the database knows it. */
  lastModified?: string | undefined;
}

/** The fixed public pages, then every article, newest first (on the published_at index). */
export async function listSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const articles = await db
    .selectFrom("articles")
    .select(["id", "updated_at"])
    .orderBy("published_at", "desc")
    .orderBy("id")
    .execute();
  return [
    ...publicPagePaths.map((path) => ({ path })),
    ...articles.map((article) => ({
      path: articlePathOf(article.id),
      lastModified: article.updated_at,
    })),
  ];
}

const xmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => xmlEntities[character] ?? character);
}

/**
 * The sitemaps.org XML for the entries, with absolute addresses. Written by hand: a urlset of
 * loc and lastmod is a few lines, and a library would add nothing but weight.
 */
export function renderSitemap(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified
      ? `<lastmod>${escapeXml(new Date(entry.lastModified).toISOString())}</lastmod>`
      : "";
    return `  <url><loc>${escapeXml(`${siteUrl}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything public may be crawled; the admin area and endpoints may not. */
export function renderRobots(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
