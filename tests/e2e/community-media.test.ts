import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { getArticle, listArticles, listArticleTags, parseArticleListQuery } from "#server/domain/articles/articles.ts";
import { getSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import type { ArticleListQuery } from "#shared/article-list-query.ts";
import { picturePreviewPath } from "#shared/preview-images.ts";
import { serverDocument } from "./admin-lists.ts";
import { baseURL, consoleErrorsOf, setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();

/** One page of the list, read straight from the database; the page must exist. */
async function listed(query: ArticleListQuery) {
  const page = await listArticles(data.db(), data.storage(), query);
  if (!page) throw new Error("The page is past the end of the list");
  return page;
}

/** What the list shows for an address's query string, read straight from the database. */
async function expectedTitles(queryString: string): Promise<string[]> {
  const page = await listed(parseArticleListQuery(new URLSearchParams(queryString)));
  return page.items.map((item) => item.title);
}

/**
 * The public address links are made from: the site settings', else (SITE_URL is unset in these
 * tests) the address the test's browser uses.
 */
async function siteUrl(): Promise<string> {
  return (await getSiteSettings(data.db())).value.siteUrl || baseURL();
}

const cardTitles = (page: Page) => page.locator("main article h2").allInnerTexts();
/** The list's card titles as the server sends them (serverDocument). */
const servedCardTitles = (document: Document) =>
  [...document.querySelectorAll("main article h2")].map((title) =>
    (title.textContent ?? "").replace(/\s+/g, " ").trim(),
  );
const servedHeading = (document: Document) => document.querySelector("h1")?.textContent?.trim();
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "제목이나 내용으로 검색" });
const tagLink = (page: Page, tag: string) =>
  page.getByRole("navigation", { name: "태그" }).getByRole("link", { name: new RegExp(`^${tag}`) });

/** A word from the newest article's title that only some articles contain. */
async function searchWord(): Promise<string> {
  const [newest] = (await listed(parseArticleListQuery(new URLSearchParams()))).items;
  const word = newest?.title.match(/[가-힣]{3,}/)?.[0];
  if (!word) throw new Error("The newest article has no word to search for");
  return word;
}

describe("media list", () => {
  test("is rendered on the server with the database's articles, tags and pages", async () => {
    const page = await serverDocument("/community/media");
    expect(servedHeading(page)).toBe("미디어");
    expect(servedCardTitles(page)).toEqual(await expectedTitles(""));

    const tags = await listArticleTags(data.db());
    const chips = [...page.querySelectorAll('nav[aria-label="태그"] a')];
    expect(chips.map((chip) => (chip.textContent ?? "").trim().replace(/\(\d+개\)$/, ""))).toEqual([
      "전체",
      ...tags.map((tag) => tag.tag),
    ]);
    expect(chips[0]?.getAttribute("aria-current")).toBe("true");

    const pagination = page.querySelector('nav[aria-label="페이지 이동"]');
    expect(pagination?.querySelector('[aria-current="page"]')?.textContent).toBe("1");
    const html = await (await fetch(`${baseURL()}/community/media`)).text();
    expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml"[^>]* href="\/rss.xml"/);
  });

  test("the search form and tag chips work without JavaScript, keeping each other", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto("/community/media");
    const word = await searchWord();
    await searchBox(page).fill(word);
    await page.getByRole("button", { name: "검색" }).click();
    await page.waitForURL((url) => url.searchParams.get("search") === word);
    const found = await cardTitles(page);
    expect(found).toEqual(await expectedTitles(`search=${encodeURIComponent(word)}`));
    expect(found.length).toBeGreaterThan(0);

    const [firstTag] = await listArticleTags(data.db());
    if (!firstTag) throw new Error("The demo club has no tags");
    await tagLink(page, firstTag.tag).click();
    await page.waitForURL((url) => url.searchParams.get("tag") === firstTag.tag);
    expect(new URL(page.url()).searchParams.get("search")).toBe(word);
    expect(await cardTitles(page)).toEqual(await expectedTitles(new URL(page.url()).search));
    await expect(searchBox(page).inputValue()).resolves.toBe(word);
  });

  test("with JavaScript the form stays in the page, and Back restores the previous filter", async () => {
    const page = await newPage();
    await page.goto("/community/media");
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const allTitles = await cardTitles(page);

    const word = await searchWord();
    await searchBox(page).fill(word);
    await searchBox(page).press("Enter");
    await page.waitForURL((url) => url.searchParams.get("search") === word);
    const searched = await expectedTitles(`search=${encodeURIComponent(word)}`);
    await expect.poll(() => cardTitles(page)).toEqual(searched);
    // The keyboard stays where it was: the box keeps focus and its words.
    await expect(searchBox(page).evaluate((box) => box === document.activeElement)).resolves.toBe(true);
    await expect(searchBox(page).inputValue()).resolves.toBe(word);

    const [firstTag] = await listArticleTags(data.db());
    if (!firstTag) throw new Error("The demo club has no tags");
    await tagLink(page, firstTag.tag).click();
    await page.waitForURL((url) => url.searchParams.get("tag") === firstTag.tag);
    await expect.poll(() => cardTitles(page)).toEqual(await expectedTitles(new URL(page.url()).search));
    // Still the same document: React Router navigated on the client.
    await expect(page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).resolves.toBe(true);

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("tag") && url.searchParams.has("search"));
    // The chips can change before or after the cards (the two lists may even be equal): wait.
    await expect.poll(() => tagLink(page, "전체").getAttribute("aria-current")).toBe("true");
    await expect.poll(() => cardTitles(page)).toEqual(searched);
    await expect(searchBox(page).inputValue()).resolves.toBe(word);

    await page.goBack();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(() => searchBox(page).inputValue()).toBe("");
    await expect.poll(() => cardTitles(page)).toEqual(allTitles);
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("pagination links mark the current page and show the next slice", async () => {
    const page = await newPage();
    await page.goto("/community/media?limit=4");
    await waitForHydration(page);
    const pagination = page.getByRole("navigation", { name: "페이지 이동" });
    await pagination.getByRole("link", { name: "2 페이지" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    expect(new URL(page.url()).searchParams.get("limit")).toBe("4");
    await expect.poll(() => cardTitles(page)).toEqual(await expectedTitles("limit=4&page=2"));
    await expect(pagination.getByRole("link", { name: "2 페이지" }).getAttribute("aria-current")).resolves.toBe("page");
    await pagination.getByRole("link", { name: "이전 페이지" }).click();
    await page.waitForURL((url) => !url.searchParams.has("page"));
    await expect.poll(() => cardTitles(page)).toEqual(await expectedTitles("limit=4"));
  });

  // What the server sends (serverDocument checks each status): no browser needed.
  test("malformed or out-of-range parameters fall back to sane defaults", async () => {
    const malformed = await serverDocument("/community/media?page=abc&limit=-3&tag=");
    expect(servedCardTitles(malformed)).toEqual(await expectedTitles(""));

    // A page past the last one does not exist: the site's 404 page, with its status.
    const last = await listed(parseArticleListQuery(new URLSearchParams("limit=5")));
    const lastPage = await serverDocument(`/community/media?page=${last.pageCount}&limit=5`);
    expect(servedCardTitles(lastPage).length).toBeGreaterThan(0);
    const pastTheEnd = await serverDocument(`/community/media?page=${last.pageCount + 1}&limit=5`, {
      statuses: [404],
    });
    expect(servedHeading(pastTheEnd)).toBe("404 Not Found");
    expect(servedCardTitles(pastTheEnd)).toEqual([]);
  });

  test("a search without results shows a friendly empty state", async () => {
    const empty = await serverDocument("/community/media?search=%25%25없는검색어%25%25");
    expect(servedCardTitles(empty)).toEqual([]);
    expect(empty.querySelector("main")?.textContent).toContain("찾는 글이 없습니다");
    // Its way back is the whole list, which the first test of this file reads.
    const back = [...empty.querySelectorAll("main a")].find((link) => link.textContent?.trim() === "전체 글 보기");
    expect(back?.getAttribute("href")).toBe("/community/media");
  });
});

describe("article page", () => {
  test("is rendered on the server with its contents, images, previews and neighbours", async () => {
    const [newest] = (await listed(parseArticleListQuery(new URLSearchParams()))).items;
    if (!newest) throw new Error("The demo club has no articles");
    const article = await getArticle(data.db(), data.storage(), newest.id);
    if (!article) throw new Error("The newest article cannot be read");

    const page = await newPage({ javaScriptEnabled: false });
    const response = await page.goto(`/community/media/${article.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(article.title);
    const text = await page.locator("main article").innerText();
    expect(text.replace(/\s+/g, " ")).toContain(article.excerpt.replace(/…$/, ""));
    await expect(page.locator("main article button img").count()).resolves.toBe(article.images.length);
    for (const [index, image] of article.images.entries()) {
      const thumb = page.locator("main article button img").nth(index);
      await expect(thumb.getAttribute("alt")).resolves.toBe(image.alt);
      await expect(thumb.getAttribute("width")).resolves.toBe(String(image.image.width));
    }

    // The picture opens large before any script: invoker commands on a <dialog>.
    await page.locator("main article button").first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor({ state: "visible" });
    await dialog.getByRole("button", { name: "닫기" }).click();
    await dialog.waitFor({ state: "hidden" });

    const head = page.locator("head");
    await expect(head.locator('meta[property="og:type"]').getAttribute("content")).resolves.toBe("article");
    await expect(head.locator('meta[property="og:title"]').getAttribute("content")).resolves.toBe(article.title);
    await expect(head.locator('meta[name="description"]').getAttribute("content")).resolves.toBe(article.excerpt);
    const ogImage = await head.locator('meta[property="og:image"]').getAttribute("content");
    // Its first picture, cropped for link previews.
    expect(ogImage).toBe(`${await siteUrl()}${picturePreviewPath(article.images[0]?.image.id ?? "")}`);
    await expect(page.title()).resolves.toContain(article.title);

    // Its older neighbour is linked, and that page is the older article's (as the server sends it).
    if (article.older) {
      const older = page.getByRole("link", { name: new RegExp(article.older.title) });
      await expect(older.getAttribute("href")).resolves.toBe(`/community/media/${article.older.id}`);
      expect(servedHeading(await serverDocument(`/community/media/${article.older.id}`))).toBe(article.older.title);
    }
  });

  test("opens from the list, shows a picture large and returns to the list", async () => {
    const page = await newPage({ viewport: viewports.phone });
    await page.goto("/community/media");
    await waitForHydration(page);
    const firstTitle = (await cardTitles(page))[0] ?? "";
    await page.locator("main article h2 a").first().click();
    await page.waitForURL(/\/community\/media\/[0-9a-f]{32}$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(firstTitle);

    const thumbnails = page.locator("main article button");
    if ((await thumbnails.count()) > 0) {
      await thumbnails.first().click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor({ state: "visible" });
      await expect(
        dialog.getByRole("button", { name: "닫기" }).evaluate((button) => button === document.activeElement),
      ).resolves.toBe(true);
      await expect
        .poll(() => dialog.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    }

    await page.getByRole("link", { name: "목록으로" }).click();
    await page.waitForURL((url) => url.pathname === "/community/media");
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("an unknown or malformed id answers the 404 page with status 404", async () => {
    for (const id of ["0123456789abcdef0123456789abcdef", "not-an-article", "%27%20or%201%3D1"]) {
      const notFound = await serverDocument(`/community/media/${id}`, { statuses: [404] });
      expect(servedHeading(notFound), id).toBe("404 Not Found");
      expect(notFound.title, id).toContain("404 Not Found");
    }
    // The 404 page in a browser, with its scripts: nothing in the console but the 404 itself.
    const page = await newPage();
    const response = await page.goto("/community/media/0123456789abcdef0123456789abcdef");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("404 Not Found");
    expect(consoleErrorsOf(page)).toEqual([]);
  });
});

describe("RSS feed", () => {
  test("is valid RSS 2.0 with the newest articles and absolute links", async () => {
    const response = await fetch(`${baseURL()}/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const xml = await response.text();

    // Chromium's own XML parser reads it, in a blank page: no page of the site is needed.
    const page = await newPage();
    const feed = await page.evaluate((source) => {
      const document = new DOMParser().parseFromString(source, "application/xml");
      const error = document.querySelector("parsererror")?.textContent ?? null;
      const channel = document.querySelector("rss > channel");
      return {
        error,
        version: document.documentElement.getAttribute("version"),
        title: channel?.querySelector(":scope > title")?.textContent,
        link: channel?.querySelector(":scope > link")?.textContent,
        items: [...document.querySelectorAll("item")].map((item) => ({
          title: item.querySelector("title")?.textContent,
          link: item.querySelector("link")?.textContent,
          guid: item.querySelector("guid")?.textContent,
          pubDate: item.querySelector("pubDate")?.textContent,
          description: item.querySelector("description")?.textContent,
        })),
      };
    }, xml);
    expect(feed.error).toBeNull();
    expect(feed.version).toBe("2.0");
    expect(feed.title).toContain("미디어");
    const site = await siteUrl();
    expect(feed.link).toBe(`${site}/community/media`);

    const newest = await listed({ page: 1, limit: 20, search: "", tag: "" });
    expect(feed.items.map((item) => item.title)).toEqual(newest.items.map((item) => item.title));
    for (const [index, item] of feed.items.entries()) {
      const article = newest.items[index];
      expect(item.link).toBe(`${site}/community/media/${article?.id}`);
      expect(item.guid).toBe(item.link);
      expect(new Date(item.pubDate ?? "").toISOString()).toBe(
        new Date(article?.publishedAt ?? "").toISOString().replace(/\.\d{3}Z$/, ".000Z"),
      );
      expect(item.description).toBe(article?.excerpt);
    }
    const linked = await fetch(`${baseURL()}${new URL(feed.items[0]?.link ?? "").pathname}`);
    expect(linked.status).toBe(200);
  });
});
