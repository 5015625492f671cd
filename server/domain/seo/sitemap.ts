import type { Db } from "#server/db/database.ts";
import { slowReads } from "#server/db/slow-reads.ts";
import { publishedArticles } from "#server/domain/articles/articles.ts";
import { countArticles } from "#server/domain/articles/find-articles.ts";
import { articlePathOf, publicPagePaths } from "./public-pages.ts";

export interface SitemapEntry {
  path: string;
  /** When the page last changed (ISO instant), where the database knows it. */
  lastModified?: string | undefined;
}

/** The sitemaps.org protocol's limits for one file. */
export interface SitemapLimits {
  urls: number;
  bytes: number;
}

export const SITEMAP_LIMITS: SitemapLimits = { urls: 50_000, bytes: 50 * 1024 * 1024 };

/** Where the parts of a split sitemap are served: /sitemaps/1.xml, /sitemaps/2.xml, … */
export function sitemapPartPath(part: number): string {
  return `/sitemaps/${part}.xml`;
}

/**
 * The list every sitemap file is cut from: the fixed public pages, then every article, the most
 * recently changed first (on the updated_at index), so a part's lastmod is its first article's.
 */
async function entriesFrom(db: Db, start: number, count: number): Promise<SitemapEntry[]> {
  const fixed = publicPagePaths.slice(start, start + count).map((path) => ({ path }));
  const articleCount = count - fixed.length;
  if (articleCount <= 0) return fixed;
  // Up to 50,000 rows: read here, where they are used (copying them from the read pool's thread
  // would hold them twice, and the XML made from them costs far more than the read).
  const articles = await publishedArticles(db)
    .select(["id", "updated_at"])
    .orderBy("updated_at", "desc")
    .orderBy("id")
    .limit(articleCount)
    .offset(Math.max(0, start - publicPagePaths.length))
    .execute();
  return [
    ...fixed,
    ...articles.map((article) => ({
      path: articlePathOf(article.id),
      lastModified: article.updated_at,
    })),
  ];
}

/** Every entry in one list: for a site small enough for a single file. */
export function listSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  return entriesFrom(db, 0, Number.MAX_SAFE_INTEGER);
}

/**
 * How many entries fit in one file: the protocol's count, or fewer if the longest possible entry
 * (an article's, with its lastmod) would take a file past the byte limit.
 */
export function entriesPerFile(siteUrl: string, limits: SitemapLimits): number {
  const article = { path: articlePathOf("0".repeat(32)), lastModified: new Date(0).toISOString() };
  // Three characters more for a date past the year 9999 ("+010000-…").
  const longest = Buffer.byteLength(urlElement(siteUrl, article)) + 3;
  const frame = Buffer.byteLength(renderUrlset(siteUrl, []));
  return Math.max(1, Math.min(limits.urls, Math.floor((limits.bytes - frame) / longest)));
}

/**
 * /sitemap.xml: every address in one urlset while they fit in one file; past that, a sitemap
 * index naming the parts, each with the time its newest entry changed.
 */
export async function renderSitemapRoot(
  db: Db,
  siteUrl: string,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<string> {
  const perFile = entriesPerFile(siteUrl, limits);
  const total = publicPagePaths.length + (await countArticles(db));
  if (total <= perFile) return renderUrlset(siteUrl, await entriesFrom(db, 0, perFile));
  const parts: SitemapEntry[] = [];
  for (let part = 1; (part - 1) * perFile < total; part += 1) {
    const lastModified = await newestChangeIn(db, (part - 1) * perFile, perFile);
    parts.push({ path: sitemapPartPath(part), lastModified });
  }
  return renderIndex(siteUrl, parts);
}

/** When the entries `start` to `start + count` last changed: their first article's change. */
async function newestChangeIn(db: Db, start: number, count: number): Promise<string | undefined> {
  const fixedCount = publicPagePaths.length;
  if (start + count <= fixedCount) return undefined;
  // The offset walks the index up to this part's first article: off the request thread on SQLite.
  const row = await publishedArticles(slowReads(db))
    .select("updated_at")
    .orderBy("updated_at", "desc")
    .orderBy("id")
    .limit(1)
    .offset(Math.max(0, start - fixedCount))
    .executeTakeFirst();
  return row?.updated_at;
}

/** One part of a split sitemap; undefined when there is no such part. */
export async function renderSitemapPart(
  db: Db,
  siteUrl: string,
  part: number,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Promise<string | undefined> {
  const perFile = entriesPerFile(siteUrl, limits);
  const total = publicPagePaths.length + (await countArticles(db));
  // A site that fits in one file has no parts: /sitemap.xml holds everything.
  if (total <= perFile || !Number.isInteger(part) || part < 1) return undefined;
  const entries = await entriesFrom(db, (part - 1) * perFile, perFile);
  return entries.length > 0 ? renderUrlset(siteUrl, entries) : undefined;
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

function lastmodOf(entry: SitemapEntry): string {
  return entry.lastModified ? `<lastmod>${escapeXml(new Date(entry.lastModified).toISOString())}</lastmod>` : "";
}

function urlElement(siteUrl: string, entry: SitemapEntry): string {
  return `  <url><loc>${escapeXml(`${siteUrl}${entry.path}`)}</loc>${lastmodOf(entry)}</url>\n`;
}

const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/**
 * The sitemaps.org XML for the entries, with absolute addresses. Written by hand: a urlset of
 * loc and lastmod is a few lines, and a library would add nothing but weight.
 */
export function renderUrlset(siteUrl: string, entries: SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n${entries
    .map((entry) => urlElement(siteUrl, entry))
    .join("")}</urlset>\n`;
}

function renderIndex(siteUrl: string, parts: SitemapEntry[]): string {
  const sitemaps = parts.map(
    (part) => `  <sitemap><loc>${escapeXml(`${siteUrl}${part.path}`)}</loc>${lastmodOf(part)}</sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n${sitemaps.join("")}</sitemapindex>\n`;
}

/** robots.txt: everything public may be crawled; the admin area and endpoints may not. */
export function renderRobots(siteUrl: string): string {
  return [
    // Only Disallow lines: parsers that take the first matching line (Python's) and those that
    // take the longest (Google's) then read the file the same way.
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
