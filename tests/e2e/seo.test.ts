import robotsParser from "robots-parser";
import { describe, expect, test } from "vitest";
import { publishedArticles } from "#server/domain/articles/published.ts";
import { publicPagePaths } from "#server/domain/seo/public-pages.ts";
import { baseURL, setupBrowser } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
// The articles published on this server now: files before this one may have added some.
const data = openServerDatabase();

/** The site's public address, as every page's canonical link states it. */
async function siteUrl(): Promise<string> {
  const html = await (await fetch(`${baseURL()}/`)).text();
  const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
  if (!canonical) throw new Error("the home page has no canonical link");
  return new URL(canonical).origin;
}

/** The sitemap's addresses, read with the browser's own XML parser. */
async function sitemapLocations(): Promise<{ locations: string[]; lastmods: number }> {
  const response = await fetch(`${baseURL()}/sitemap.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("xml");
  const xml = await response.text();
  const page = await newPage();
  return page.evaluate((source) => {
    const document = new DOMParser().parseFromString(source, "application/xml");
    if (document.querySelector("parsererror")) throw new Error("sitemap.xml is not well-formed");
    const namespace = "http://www.sitemaps.org/schemas/sitemap/0.9";
    if (document.documentElement.namespaceURI !== namespace) throw new Error("wrong namespace");
    return {
      locations: [...document.getElementsByTagNameNS(namespace, "loc")].map((loc) => loc.textContent ?? ""),
      lastmods: document.getElementsByTagNameNS(namespace, "lastmod").length,
    };
  }, xml);
}

describe("search engines", () => {
  test("robots.txt: every parser reads the site as open, /admin and /api as closed, and finds the sitemap", async () => {
    const response = await fetch(`${baseURL()}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    const robots = robotsParser(`${baseURL()}/robots.txt`, text);
    for (const path of ["/", "/about", "/community/media?page=2", "/archive/calendar"]) {
      expect(robots.isAllowed(`${baseURL()}${path}`, "Googlebot"), path).toBe(true);
    }
    for (const path of ["/admin", "/admin/login", "/admin/manage-posts", "/api/page-views"]) {
      expect(robots.isDisallowed(`${baseURL()}${path}`, "Googlebot"), path).toBe(true);
    }
    expect(robots.getSitemaps()).toEqual([`${await siteUrl()}/sitemap.xml`]);
    // Parsers that take the first matching line (Python's robotparser) read it the same way:
    // nothing allows /admin before it is disallowed.
    const rules = text.split("\n").filter((line) => /^(Allow|Disallow):/.test(line));
    const first = rules.find((line) => "/admin/manage-posts".startsWith(line.split(":")[1]?.trim() ?? ""));
    expect(first).toBe("Disallow: /admin");
  });

  test("the sitemap lists every public page and every article with absolute addresses", async () => {
    const { locations, lastmods } = await sitemapLocations();
    expect(new Set(locations).size).toBe(locations.length);
    const site = await siteUrl();
    expect(locations.every((location) => location.startsWith(`${site}/`))).toBe(true);
    expect(locations.some((location) => new URL(location).pathname.startsWith("/admin"))).toBe(false);
    const paths = locations.map((location) => new URL(location).pathname);
    expect(paths.slice(0, publicPagePaths.length)).toEqual([...publicPagePaths]);
    const articleIds = paths.flatMap((path) => /^\/community\/media\/([0-9a-f]{32})$/.exec(path)?.[1] ?? []);
    const published = await publishedArticles(data.db()).select("id").execute();
    expect(published.length).toBeGreaterThan(0);
    expect(articleIds.toSorted()).toEqual(published.map((article) => article.id).toSorted());
    expect(lastmods).toBe(published.length);
  });

  test("structured data: each article is an Article with its breadcrumb; /about names the club", async () => {
    const site = await siteUrl();
    const structured = async (path: string) => {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
        (match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>,
      );
    };
    const { locations } = await sitemapLocations();
    const articlePaths = locations
      .map((location) => new URL(location).pathname)
      .filter((path) => /^\/community\/media\/[0-9a-f]{32}$/.test(path));
    expect(articlePaths.length).toBeGreaterThan(0);
    for (const path of articlePaths) {
      const data = await structured(path);
      const article = data.find((item) => item["@type"] === "Article");
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      const title = html.match(/<h1[^>]*>([^<]+)<\/h1>/)?.[1];
      expect(article, path).toMatchObject({
        "@context": "https://schema.org",
        headline: title,
        mainEntityOfPage: `${site}${path}`,
        datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        author: { "@type": "Organization", "@id": `${site}/#organization` },
        publisher: { "@type": "Organization", "@id": `${site}/#organization` },
      });
      const breadcrumb = data.find((item) => item["@type"] === "BreadcrumbList");
      expect(breadcrumb?.itemListElement, path).toEqual([
        expect.objectContaining({ position: 1, item: `${site}/` }),
        expect.objectContaining({ position: 2, name: "미디어", item: `${site}/community/media` }),
        expect.objectContaining({ position: 3, name: title, item: `${site}${path}` }),
      ]);
    }
    const about = await structured("/about");
    expect(about.find((item) => item["@type"] === "Organization")).toMatchObject({ "@id": `${site}/#organization` });
  });

  test("every address in the sitemap answers 200", async () => {
    const { locations } = await sitemapLocations();
    const failures: string[] = [];
    for (const location of locations) {
      const response = await fetch(location);
      await response.body?.cancel();
      if (response.status !== 200) failures.push(`${response.status} ${location}`);
    }
    expect(failures).toEqual([]);
  });
});
