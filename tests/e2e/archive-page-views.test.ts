import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { getPageViewStats } from "#server/domain/analytics/page-views.ts";
import { seoulDate } from "#shared/dates.ts";
import { baseURL, waitForHydration } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

// Headless Chromium names itself "HeadlessChrome", which counts as a bot: visitors here say
// they are an ordinary Chrome.
const visitorAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const botAgent = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let browser: Browser;
const server = openServerDatabase();

beforeAll(async () => {
  browser = await chromium.connect(inject("browserEndpoint"));
});

afterAll(async () => {
  await browser?.close();
});

async function viewsToday(): Promise<Map<string, number>> {
  const today = seoulDate(new Date());
  const stats = await getPageViewStats(server.db(), { from: today, to: today });
  return new Map(stats.byPath.map((row) => [row.path, row.views]));
}

/** The views counted since `before`, for each path of `paths`. */
async function viewsSince(paths: string[], before: Map<string, number>) {
  const now = await viewsToday();
  return Object.fromEntries(paths.map((key) => [key, (now.get(key) ?? 0) - (before.get(key) ?? 0)]));
}

let visitors = 0;

/** A visitor of its own: a fresh browser context on a client address no other test uses. */
async function visitorPage(userAgent: string) {
  visitors += 1;
  const context = await browser.newContext({
    baseURL: baseURL(),
    userAgent,
    extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${visitors}` },
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
  });
  // A cookie the site might have set (an manager's session, say) must not travel along.
  await context.addCookies([{ name: "session", value: "secret", url: baseURL() }]);
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

describe("page views", () => {
  test("a report per route change, a view per page and visitor, counted by day and path, without cookies", async () => {
    const before = await viewsToday();
    const { page, close } = await visitorPage(visitorAgent);
    const requests: { cookie: string | undefined; body: string | null }[] = [];
    let finished = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/page-views")) {
        requests.push({ cookie: request.headers().cookie, body: request.postData() });
      }
    });
    // A report whose answer stays unread keeps its request open for as long as the page lives.
    page.on("requestfinished", (request) => {
      if (request.url().endsWith("/api/page-views")) finished += 1;
    });

    await page.goto("/archive/rule");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "주 메뉴" });
    await nav.getByRole("link", { name: "Archive" }).hover();
    await nav.getByRole("link", { name: "오대호" }).click();
    await page.waitForURL("**/archive/odaeho");
    await nav.getByRole("link", { name: "Archive" }).hover();
    await nav.getByRole("link", { name: "캘린더" }).click();
    await page.waitForURL("**/archive/calendar");
    await page.getByRole("link", { name: /다음 달/ }).click();
    await page.waitForURL("**/archive/calendar?month=*");
    await page.goBack();
    await page.waitForURL(/\/archive\/calendar$/);

    // The calendar was shown three times; the same visitor counts once in 30 minutes.
    const expected = { "/archive/rule": 1, "/archive/odaeho": 1, "/archive/calendar": 1 };
    await expect.poll(() => viewsSince(Object.keys(expected), before), { timeout: 10_000 }).toEqual(expected);
    await expect.poll(() => requests.length).toBe(5);
    await expect.poll(() => finished).toBe(5);
    expect(requests.map((request) => JSON.parse(request.body ?? "{}"))).toEqual([
      { path: "/archive/rule" },
      { path: "/archive/odaeho" },
      { path: "/archive/calendar" },
      { path: "/archive/calendar" },
      { path: "/archive/calendar" },
    ]);
    expect(requests.every((request) => request.cookie === undefined)).toBe(true);
    await close();
  });

  test("a crawler's visits and unknown pages are not counted", async () => {
    const before = await viewsToday();
    const crawler = await visitorPage(botAgent);
    await crawler.page.goto("/archive/odaeho");
    await waitForHydration(crawler.page);
    await crawler.page.goto("/archive/rule");
    await waitForHydration(crawler.page);
    await crawler.close();

    const visitor = await visitorPage(visitorAgent);
    await visitor.page.goto("/no/such/page");
    await waitForHydration(visitor.page);
    // A counted view afterwards shows the endpoint has processed the earlier reports.
    await visitor.page.goto("/archive/calendartest");
    await waitForHydration(visitor.page);
    await visitor.close();

    await expect
      .poll(() => viewsSince(["/archive/calendartest"], before), { timeout: 10_000 })
      .toEqual({ "/archive/calendartest": 1 });
    const after = await viewsToday();
    expect(after.get("/archive/odaeho")).toBe(before.get("/archive/odaeho"));
    expect(after.get("/archive/rule")).toBe(before.get("/archive/rule"));
    expect(after.has("/no/such/page")).toBe(false);
  });

  test("bad input gets a 4xx, never a 5xx", async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${baseURL()}/api/page-views`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "user-agent": visitorAgent, ...headers },
      });
    expect((await post("{")).status).toBe(400);
    expect((await post(JSON.stringify({ path: "x".repeat(500) }))).status).toBe(400);
    expect((await post("x".repeat(100_000))).status).toBe(413);
    expect((await post("{}", { origin: "https://evil.example" })).status).toBe(403);
    const get = await fetch(`${baseURL()}/api/page-views`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
  });
});
