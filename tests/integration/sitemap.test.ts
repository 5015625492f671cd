import { expect, test } from "vitest";
import { publicPagePaths } from "../../server/domain/seo/public-pages.ts";
import { listSitemapEntries, renderSitemap } from "../../server/domain/seo/sitemap.ts";
import { describeEachDatabase } from "./support/databases.ts";

describeEachDatabase("sitemap", (services) => {
  test("lists every public page and every article, newest article first, with lastmod", async () => {
    const { db } = services();
    const articles = [
      { id: "a".repeat(32), published_at: "2026-10-01T00:00:00.000Z" },
      { id: "b".repeat(32), published_at: "2026-11-01T00:00:00.000Z" },
    ];
    for (const article of articles) {
      await db
        .insertInto("articles")
        .values({
          ...article,
          title: "글",
          tag: "",
          contents: "<p>본문</p>",
          contents_text: "본문",
          created_at: article.published_at,
          updated_at: "2026-11-20T09:00:00.000Z",
        })
        .execute();
    }

    const entries = await listSitemapEntries(db);
    expect(entries.map((entry) => entry.path)).toEqual([
      ...publicPagePaths,
      `/community/media/${"b".repeat(32)}`,
      `/community/media/${"a".repeat(32)}`,
    ]);
    expect(publicPagePaths.some((path) => path.startsWith("/admin"))).toBe(false);
    expect(publicPagePaths).toContain("/archive/calendartest");

    const xml = renderSitemap("https://club.example.org", entries);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toHaveLength(publicPagePaths.length + 2);
    expect(locs[0]).toBe("https://club.example.org/");
    expect(locs.every((loc) => loc?.startsWith("https://club.example.org/"))).toBe(true);
    expect(xml).toContain(
      `<url><loc>https://club.example.org/community/media/${"b".repeat(32)}</loc><lastmod>2026-11-20T09:00:00.000Z</lastmod></url>`,
    );
    expect(xml).toContain("<url><loc>https://club.example.org/join/who_we_want</loc></url>");
  });
});

test("sitemap addresses are escaped for XML", () => {
  const xml = renderSitemap("https://club.example.org", [{ path: "/search?a=1&b=<2>" }]);
  expect(xml).toContain("<loc>https://club.example.org/search?a=1&amp;b=&lt;2&gt;</loc>");
});
