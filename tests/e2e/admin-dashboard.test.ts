import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { getSiteSettings, saveSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { articles as demoArticles } from "#server/seed/demo-content.ts";
import { addDays, formatDateTime, formatDayLabel, seoulDate } from "#shared/dates.ts";
import { openAdminPage, signedIn } from "./support/admin.ts";
import { titleBox } from "./support/article-editor.ts";
import { severeViolations } from "./support/axe.ts";
import { consoleErrorsOf, setupBrowser, viewports } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const server = openServerDatabase();

const CHART = "최근 30일 일별 페이지 조회수 그래프";
/** Far more views than the other tests' visits add up to, so this page and day lead. */
const VIEWS = 5000;
const yesterday = addDays(seoulDate(new Date()), -1);

beforeAll(async () => {
  // Views counted yesterday (in Seoul), written as the endpoint counts them: one row per day and page.
  await server
    .db()
    .insertInto("page_views")
    .values({ day: yesterday, path: "/archive/odaeho", views: VIEWS })
    .onConflict((conflict) =>
      conflict.columns(["day", "path"]).doUpdateSet((eb) => ({ views: eb("page_views.views", "+", VIEWS) })),
    )
    .execute();
});

describe("the dashboard", () => {
  const checklist = (page: Page) => page.getByRole("region", { name: /^사이트 첫 설정/ });

  // Each hydrated dashboard serves several checks: a load of it costs the browser as much as the
  // checks themselves.
  test("shows the views of 30 days as a chart with its summary and table, and the most visited pages, with no serious accessibility problem in either theme", async () => {
    const page = await openAdminPage(await newPage(), "/admin");
    const chart = page.getByRole("img", { name: CHART });
    await expect.poll(() => chart.isVisible()).toBe(true);
    // The summary is the chart's description, in words.
    const summaryId = await chart.getAttribute("aria-describedby");
    const summary = page.locator(`[id="${summaryId}"]`);
    await expect.poll(() => summary.textContent()).toContain(`가장 많았던 날은 ${formatDayLabel(yesterday)}`);
    await expect(summary.textContent()).resolves.toMatch(/페이지 조회 [\d,]+회, 하루 평균/);
    // One bar for each day with views: yesterday's is the tallest and carries its number.
    await expect(chart.locator("text").allTextContents()).resolves.toContain(
      (await summary.textContent())?.match(/(\d[\d,]*)회입니다\.$/)?.[1],
    );

    // The numbers without the picture: thirty days in a table folded under the chart.
    const traffic = page.getByRole("region", { name: "방문 현황" });
    await traffic.getByText("날짜별 조회수 표로 보기").click();
    const rows = traffic.getByRole("table").getByRole("row");
    await expect.poll(() => rows.count()).toBe(31);
    const yesterdayRow = rows.filter({ hasText: formatDayLabel(yesterday) });
    await expect(yesterdayRow.getByRole("cell").textContent()).resolves.toMatch(/^[5-9],\d{3}$/);

    // The most visited pages: the one viewed 5,000 times first, by its name, linked to the public page.
    const top = page.getByRole("region", { name: "많이 본 페이지" });
    const first = top.getByRole("row").nth(1);
    const link = first.getByRole("link", { name: /^오대호/ });
    await expect(link.getAttribute("href")).resolves.toBe("/archive/odaeho");
    await expect(link.getAttribute("target")).resolves.toBe("_blank");
    await expect(first.textContent()).resolves.toMatch(/[5-9],\d{3}/);
    await expect(top.getByRole("row").count()).resolves.toBeLessThanOrEqual(11);
    expect(consoleErrorsOf(page)).toEqual([]);

    // No serious accessibility problems, with the table open, in the light theme or the dark.
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      // The page's own content; the shell around it is the same on every admin page.
      const severe = await severeViolations(page, "main");
      expect(severe, colorScheme).toEqual([]);
    }
  });

  test("names on its setup checklist what is still the demo's, and lists the unpublished articles on a phone, each leading to its form", async () => {
    const page = await openAdminPage(await newPage(), "/admin");
    // The setup checklist, on the demo: what is still the demo's and the unset public address
    // (the test server runs without SITE_URL, and the demo stores no public address).
    await expect.poll(() => checklist(page).isVisible()).toBe(true);
    const items = (await checklist(page).getByRole("listitem").allInnerTexts()).map((text) =>
      text.replace(/\s+/g, " "),
    );
    expect(items).toContain("동아리 이름 아직 데모의 값");
    expect(items).toContain("연락 이메일 아직 데모의 값");
    expect(items).toContain("사이트 주소 비어 있음");
    // Each item leads to its form.
    await checklist(page).getByRole("link", { name: "사이트 주소" }).click();
    await page.waitForURL("**/admin/setup#settings-contact");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("사이트 첫 설정");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/admin");

    // On a phone, the demo club's draft and scheduled article are listed, each opening its editor.
    await page.setViewportSize(viewports.phone);
    const pending = page.getByRole("region", { name: "공개 전 게시글" });
    const unpublished = await server
      .db()
      .selectFrom("articles")
      .select(["id", "title", "status", "published_at"])
      .where("status", "<>", "published")
      .execute();
    for (const demo of demoArticles.filter((article) => article.status !== undefined)) {
      const row = unpublished.find((article) => article.title === demo.title);
      if (!row) throw new Error(`The demo article '${demo.title}' is missing`);
      const item = pending.getByRole("listitem").filter({ hasText: demo.title });
      await expect
        .poll(() => item.getByRole("link", { name: demo.title }).getAttribute("href"))
        .toBe(`/admin/manage-posts/${row.id}`);
      await expect(item.textContent()).resolves.toContain(demo.status === "draft" ? "임시 저장" : "예약");
      if (demo.status === "scheduled") {
        // When it goes public, in Seoul time.
        await expect(item.textContent()).resolves.toContain(`공개 예정 ${formatDateTime(row.published_at)}`);
      }
    }
    await pending.getByRole("link", { name: "겨울방학 알고리즘 캠프 참가 신청" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/admin/manage-posts/"));
    await expect.poll(() => titleBox(page).inputValue()).toBe("겨울방학 알고리즘 캠프 참가 신청");
  });

  test("reads without JavaScript: the chart, its table and the checklist come from the server; an item set leaves the list", async () => {
    const before = await getSiteSettings(server.db());
    await saveSiteSettings(server.db(), { ...before.value, siteUrl: "https://club.example.org" }, before.version);
    try {
      await server.contentChanged();
      const page = await newPage({ javaScriptEnabled: false });
      await signedIn(page);
      await page.goto("/admin");
      await expect.poll(() => page.getByRole("img", { name: CHART }).isVisible()).toBe(true);
      await expect(page.getByRole("img", { name: CHART }).locator("rect").count()).resolves.toBeGreaterThan(0);
      await page.getByText("날짜별 조회수 표로 보기").click();
      await expect.poll(() => page.getByRole("region", { name: "방문 현황" }).getByRole("row").count()).toBe(31);
      await expect(page.getByRole("heading", { level: 2, name: "최근 변경" }).isVisible()).resolves.toBe(true);
      // The public address is set now: the checklist no longer names it.
      await expect.poll(() => checklist(page).isVisible()).toBe(true);
      await expect(checklist(page).getByRole("link").allInnerTexts()).resolves.not.toContain("사이트 주소");
    } finally {
      const current = await getSiteSettings(server.db());
      await saveSiteSettings(server.db(), before.value, current.version);
      await server.contentChanged();
    }
  });
});
