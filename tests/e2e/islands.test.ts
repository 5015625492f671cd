import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { listArticleTags } from "#server/domain/articles/articles.ts";
import { formatYearMonth, seoulYearMonth } from "#shared/dates.ts";
import { consoleErrorsOf, setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

/**
 * Public pages are documents with islands (decision 0038): every behaviour has to work on a page
 * the visitor reached by following a link, not only on the first page of a visit.
 */
const { newPage } = setupBrowser();
const data = openServerDatabase();

/** Follows `link` and waits for the new page's islands. */
async function follow(page: Page, link: Locator, path: string | RegExp) {
  await link.click();
  await page.waitForURL(typeof path === "string" ? `**${path}` : path);
  await waitForHydration(page);
}

/** Opens a submenu of the desktop header and follows one of its links. */
async function followMenu(page: Page, group: string, item: string, path: string) {
  const nav = page.getByRole("navigation", { name: "주 메뉴" });
  await nav.getByRole("link", { name: group }).hover();
  await follow(page, nav.getByRole("link", { name: item, exact: true }), path);
}

/** True while the site's React app is loaded: only the admin area, the game and the test calendar. */
function loadsReact(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .some((entry) => /\/assets\/(react|router|entry\.client)-[\w-]+\.js$/.test(entry.name)),
  );
}

describe("islands after following a link", () => {
  test("the home page reached from another page rotates its pictures and stops on request", async () => {
    const page = await newPage({ viewport: viewports.desktop });
    await page.goto("/about");
    await waitForHydration(page);
    await follow(page, page.locator("header").getByRole("link", { name: /홈$/ }).first(), /\/$/);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    const dots = carousel.getByRole("button", { name: /번째 사진 보기$/ });
    await expect(dots.count()).resolves.toBe(4);
    await dots.nth(2).click();
    await expect(dots.nth(2).getAttribute("aria-current")).resolves.toBe("true");
    // Its picture joins the page on the click and is shown once it has loaded.
    const third = carousel.locator('[aria-roledescription="slide"][aria-label="3 / 4"]');
    await expect(third.getAttribute("aria-hidden")).resolves.toBe("false");
    await expect
      .poll(() => third.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    const toggle = carousel.getByRole("button", { name: "화면 움직임 멈춤" });
    await toggle.click();
    const track = page.getByRole("list", { name: "슬로건" });
    await expect.poll(() => track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe("paused");
    // Nothing of React runs on a public page.
    await expect(loadsReact(page)).resolves.toBe(false);
    await expect(page.evaluate(() => "__reactRouterContext" in window)).resolves.toBe(false);
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("the header hides on the way down, and the side menu opens, on a page reached by a link", async () => {
    const desktop = await newPage({ viewport: viewports.desktop });
    await desktop.goto("/");
    await waitForHydration(desktop);
    await followMenu(desktop, "About Us", "Contact", "/about/contact");
    await desktop.evaluate(() => {
      const spacer = document.createElement("div");
      spacer.style.height = "3000px";
      document.querySelector("main")?.append(spacer);
    });
    await desktop.mouse.wheel(0, 800);
    await desktop.waitForFunction(() => (document.querySelector("header")?.getBoundingClientRect().bottom ?? 1) <= 0);
    await desktop.mouse.wheel(0, -120);
    await desktop.waitForFunction(() => (document.querySelector("header")?.getBoundingClientRect().top ?? -1) >= 0);

    const phone = await newPage({ viewport: viewports.phone });
    await phone.goto("/");
    await waitForHydration(phone);
    await phone.getByRole("button", { name: "메뉴 열기" }).click();
    const dialog = phone.getByRole("dialog", { name: "사이트 메뉴" });
    await dialog.getByText("Archive", { exact: true }).click();
    await dialog.getByRole("link", { name: "오대호" }).click();
    await phone.waitForURL("**/archive/odaeho");
    await waitForHydration(phone);
    await dialog.waitFor({ state: "hidden" });
    await phone.getByRole("button", { name: "메뉴 열기" }).click();
    await dialog.waitFor({ state: "visible" });
    // The group of the page now shown is the open one.
    await dialog.getByRole("link", { name: "캘린더" }).waitFor({ state: "visible" });
    await phone.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  test("the media filters, reached by a link, stay in the page", async () => {
    const page = await newPage({ viewport: viewports.phone });
    await page.goto("/");
    await waitForHydration(page);
    const activities = page.locator("section", { has: page.locator("#home-activities") });
    await follow(page, activities.getByRole("link", { name: /더 알아보기/ }), "/community/media");
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const [tag] = await listArticleTags(data.db());
    if (!tag) throw new Error("The demo club has no tags");
    await page
      .getByRole("navigation", { name: "태그" })
      .getByRole("link", { name: new RegExp(`^${tag.tag}`) })
      .click();
    await page.waitForURL((url) => url.searchParams.get("tag") === tag.tag);
    await expect
      .poll(() => page.getByRole("navigation", { name: "태그" }).locator('[aria-current="true"]').textContent())
      .toContain(tag.tag);
    await expect(page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).resolves.toBe(true);
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("the calendar, reached by a link, steps between months in the page", async () => {
    const page = await newPage({ viewport: viewports.desktop });
    await page.goto("/archive/rule");
    await waitForHydration(page);
    await followMenu(page, "Archive", "캘린더", "/archive/calendar");
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.getByRole("link", { name: /다음 달/ }).click();
    await page.waitForURL("**/archive/calendar?month=*");
    const next = seoulYearMonth(new Date());
    const expected = formatYearMonth(
      next.month === 12 ? { year: next.year + 1, month: 1 } : { ...next, month: next.month + 1 },
    );
    await expect.poll(() => page.locator("#calendar-month-title").textContent()).toBe(expected);
    await expect(page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).resolves.toBe(true);
  });

  test("the test calendar, opened after another page, hydrates its React component", async () => {
    const page = await newPage({ viewport: viewports.desktop });
    await page.goto("/archive/odaeho");
    await waitForHydration(page);
    // No menu links to it (nor to the game): the spec lists it as a route only.
    await page.goto("/archive/calendartest");
    await waitForHydration(page);
    const heading = page.locator("main h2").first();
    const before = await heading.textContent();
    const step = (await page.getByRole("button", { name: "다음 달" }).isEnabled()) ? "다음 달" : "이전 달";
    await page.getByRole("button", { name: step }).click();
    await expect.poll(() => heading.textContent()).not.toBe(before);
    // Stepped in the browser: the address did not change.
    expect(new URL(page.url()).search).toBe("");
    await expect(loadsReact(page)).resolves.toBe(true);
    expect(consoleErrorsOf(page)).toEqual([]);
  });
});
