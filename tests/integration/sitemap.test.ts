import { expect, test } from "vitest";
import type { Db } from "#server/db/database.ts";
import { indexArticles } from "#server/domain/articles/search-index.ts";
import { publicPagePaths } from "#server/domain/seo/public-pages.ts";
import {
  entriesPerFile,
  listSitemapEntries,
  renderSitemapPart,
  renderSitemapRoot,
  renderUrlset,
  type SitemapLimits,
} from "#server/domain/seo/sitemap.ts";
import { describeEachDatabase } from "./support/databases.ts";

const SITE = "https://club.example.org";

/** Articles whose ids are the given letter repeated, changed at the given times. */
async function addArticles(db: Db, changes: { letter: string; updatedAt: string }[]) {
  for (const { letter, updatedAt } of changes) {
    const id = letter.repeat(32);
    const publishedAt = "2026-10-01T00:00:00.000Z";
    await db
      .insertInto("articles")
      .values({
        id,
        title: "글",
        tag: "",
        published_at: publishedAt,
        contents: "<p>본문</p>",
        contents_text: "본문",
        created_at: publishedAt,
        updated_at: updatedAt,
      })
      .execute();
    await indexArticles(db, [{ id, title: "글", tag: "", publishedAt, text: "본문" }]);
  }
}

function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
}

describeEachDatabase("sitemap", (services) => {
  test("below the limit: one urlset of every public page, then the articles last changed first", async () => {
    const { db } = services();
    await addArticles(db, [
      { letter: "a", updatedAt: "2026-11-20T09:00:00.000Z" },
      { letter: "b", updatedAt: "2026-10-02T00:00:00.000Z" },
    ]);
    const entries = await listSitemapEntries(db);
    expect(entries.map((entry) => entry.path)).toEqual([
      ...publicPagePaths,
      `/community/media/${"a".repeat(32)}`,
      `/community/media/${"b".repeat(32)}`,
    ]);
    expect(publicPagePaths.some((path) => path.startsWith("/admin"))).toBe(false);
    expect(publicPagePaths).toContain("/archive/calendartest");

    const xml = await renderSitemapRoot(db, SITE);
    expect(xml).toBe(renderUrlset(SITE, entries));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = locsOf(xml);
    expect(locs).toHaveLength(publicPagePaths.length + 2);
    expect(locs[0]).toBe(`${SITE}/`);
    expect(xml).toContain(
      `<url><loc>${SITE}/community/media/${"a".repeat(32)}</loc><lastmod>2026-11-20T09:00:00.000Z</lastmod></url>`,
    );
    expect(xml).toContain(`<url><loc>${SITE}/join/who_we_want</loc></url>`);
    // Everything fits in one file, so there are no parts.
    await expect(renderSitemapPart(db, SITE, 1)).resolves.toBeUndefined();
  });

  test("above the limit: an index with lastmod, and parts that hold every entry once", async () => {
    const { db } = services();
    const more = "cdefghijkl".split("").map((letter, index) => ({
      letter,
      updatedAt: new Date(Date.UTC(2026, 8, 1 + index)).toISOString(),
    }));
    await addArticles(db, more);
    const all = await listSitemapEntries(db);
    const limits: SitemapLimits = { urls: 10, bytes: 50 * 1024 * 1024 };
    expect(all).toHaveLength(publicPagePaths.length + 12);

    const index = await renderSitemapRoot(db, SITE, limits);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locsOf(index)).toEqual([1, 2, 3].map((part) => `${SITE}/sitemaps/${part}.xml`));
    // Each part's lastmod is the last change among its articles; the first holds none.
    const lastmods = [...index.matchAll(/<sitemap><loc>[^<]+<\/loc>(<lastmod>([^<]+)<\/lastmod>)?/g)];
    expect(lastmods.map((match) => match[2])).toEqual([
      undefined,
      all[publicPagePaths.length]?.lastModified,
      all[20]?.lastModified,
    ]);

    const seen: string[] = [];
    for (const part of [1, 2, 3]) {
      const xml = await renderSitemapPart(db, SITE, part, limits);
      if (!xml) throw new Error(`part ${part} is missing`);
      expect(xml).toContain("<urlset");
      expect(locsOf(xml).length).toBeLessThanOrEqual(limits.urls);
      seen.push(...locsOf(xml));
    }
    expect(seen).toEqual(all.map((entry) => `${SITE}${entry.path}`));
    await expect(renderSitemapPart(db, SITE, 4, limits)).resolves.toBeUndefined();
    await expect(renderSitemapPart(db, SITE, 0, limits)).resolves.toBeUndefined();
  });

  test("a file never passes the byte limit either", async () => {
    const { db } = services();
    const limits: SitemapLimits = { urls: 50_000, bytes: 1_000 };
    const perFile = entriesPerFile(SITE, limits);
    expect(perFile).toBeGreaterThan(1);
    expect(perFile).toBeLessThan(10);
    const total = (await listSitemapEntries(db)).length;
    for (let part = 1; (part - 1) * perFile < total; part += 1) {
      const xml = await renderSitemapPart(db, SITE, part, limits);
      expect(Buffer.byteLength(xml ?? "")).toBeGreaterThan(0);
      expect(Buffer.byteLength(xml ?? "")).toBeLessThanOrEqual(limits.bytes);
    }
  });
});

test("sitemap addresses are escaped for XML", () => {
  const xml = renderUrlset("https://club.example.org", [{ path: "/search?a=1&b=<2>" }]);
  expect(xml).toContain("<loc>https://club.example.org/search?a=1&amp;b=&lt;2&gt;</loc>");
});
