import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getWebVitalStats } from "#server/domain/analytics/web-vitals.ts";
import { addDays, seoulDate } from "#shared/dates.ts";
import { formatWebVital, WEB_VITAL_RATING_LABELS } from "#shared/web-vitals.ts";
import { account, signIn } from "./support/admin.ts";
import { baseURL, launchBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

// Headless Chromium calls itself "HeadlessChrome", a crawler's name: the visitor here says it is
// an ordinary Chrome on a phone, browser-wide, since the report leaves as the page unloads.
const visitorAgent =
  "Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

let browser: Browser;
const server = openServerDatabase();

beforeAll(async () => {
  browser = await launchBrowser({ userAgent: visitorAgent });
});

afterAll(async () => {
  await browser?.close();
});

/** The dashboard's range: the last 28 Seoul days. */
function dashboardStats() {
  const today = seoulDate(new Date());
  return getWebVitalStats(server.db(), { from: addDays(today, -27), to: today });
}

async function samplesOf(page: string): Promise<Record<string, number>> {
  const stats = await dashboardStats();
  const metrics = stats.byPath.find((row) => row.path === page)?.metrics ?? {};
  return Object.fromEntries(Object.entries(metrics).map(([name, m]) => [name, m.samples]));
}

describe("web vitals of real visits", () => {
  test("a visit is measured, reported as the page is left, and shown on the dashboard", async () => {
    const before = await samplesOf("/join");
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport: viewports.phone,
      locale: "ko-KR",
      timezoneId: "Asia/Seoul",
    });
    const page = await context.newPage();

    await page.goto("/join");
    await waitForHydration(page);
    // The library arrives only after the page has loaded, when the browser is idle.
    await page.waitForFunction(() => document.documentElement.dataset.webVitals === "measuring");
    // An interaction, so the visit has an INP as well.
    await page.locator("main summary").first().click();
    await expect(page.locator("main details[open]").count()).resolves.toBe(1);
    // The browser hands out an interaction's timing (the library reads the first input's) only
    // after its next paint; on a busy machine that can come after the page is left. Wait for it.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          new PerformanceObserver((list, observer) => {
            if (list.getEntries().length > 0) {
              observer.disconnect();
              resolve();
            }
          }).observe({ type: "first-input", buffered: true });
        }),
    );
    // The library files an interaction in the browser's next idle period after it sees it;
    // idle callbacks run in the order they were asked for, so once this one runs, it has.
    await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
    // Leaving the page hides it: that is when the report goes, each metric once.
    await page.goto("/archive/rule");

    await expect
      .poll(
        async () => {
          const now = await samplesOf("/join");
          return Object.fromEntries(
            ["LCP", "INP", "CLS", "FCP", "TTFB"].map((name) => [name, (now[name] ?? 0) - (before[name] ?? 0)]),
          );
        },
        { timeout: 10_000, interval: 200 },
      )
      .toEqual({ LCP: 1, INP: 1, CLS: 1, FCP: 1, TTFB: 1 });
    await context.close();

    // The dashboard shows the 75th percentile of every metric of the page, rated in words.
    const adminContext = await browser.newContext({
      baseURL: baseURL(),
      viewport: viewports.desktop,
      locale: "ko-KR",
      timezoneId: "Asia/Seoul",
    });
    const admin = await adminContext.newPage();
    await signIn(admin, account());
    await admin.waitForURL((url) => url.pathname === "/admin");
    const stats = await dashboardStats();
    const join = stats.byPath.find((row) => row.path === "/join");
    if (!join) throw new Error("No web vitals for /join");
    const table = admin.getByRole("table", { name: "페이지별 Web Vitals 75번째 백분위수" });
    const row = table.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: "/join", exact: true }) });
    const expected = (["LCP", "INP", "CLS", "FCP", "TTFB"] as const).map((name) => {
      const metric = join.metrics[name];
      if (!metric) throw new Error(`No ${name} for /join`);
      const value = `${metric.atLeast ? "> " : ""}${formatWebVital(name, metric.p75)}`;
      return `${value} ${WEB_VITAL_RATING_LABELS[metric.rating]}`;
    });
    await expect
      .poll(async () => (await row.getByRole("cell").allInnerTexts()).map((cell) => cell.replace(/\s+/g, " ").trim()), {
        timeout: 10_000,
      })
      .toEqual([...expected, join.samples.toLocaleString("ko-KR")]);
    await adminContext.close();
  });
});
