import { describe, expect, test } from "vitest";
import { listMainActivitiesByYear } from "#server/domain/activities/activities.ts";
import { getCourseRecord, listPeriods } from "#server/domain/courses/courses.ts";
import { listFeedItems } from "#server/domain/feed/feed.ts";
import { consoleErrorsOf, setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();

describe("main activities", () => {
  test("are rendered on the server by year, newest first, in the managers' order", async () => {
    const years = await listMainActivitiesByYear(data.db(), data.storage());
    expect(years.length).toBeGreaterThan(0);
    const page = await newPage({ javaScriptEnabled: false });
    const response = await page.goto("/community/activity/main");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("주요 활동");

    const shownYears = await page.locator("main h2").allTextContents();
    expect(shownYears.map((text) => Number.parseInt(text, 10))).toEqual(years.map((year) => year.year));
    for (const year of years) {
      const section = page.locator(`#year-${year.year}`);
      await expect(section.locator("h3").allTextContents()).resolves.toEqual(
        year.activities.map((activity) => activity.title),
      );
      const descriptions = await section.locator("li p:not([aria-hidden])").allTextContents();
      expect(descriptions).toEqual(year.activities.map((activity) => activity.description));
    }
  });

  test("each activity sits beside its image on the side the managers chose", async () => {
    const years = await listMainActivitiesByYear(data.db(), data.storage());
    const page = await newPage({ viewport: viewports.desktop });
    await page.goto("/community/activity/main");
    await waitForHydration(page);
    const items = page.locator("main ol > li");
    const activities = years.flatMap((year) => year.activities);
    await expect(items.count()).resolves.toBe(activities.length);
    for (const [index, activity] of activities.entries()) {
      const item = items.nth(index);
      const image = await item.locator("img, [aria-hidden='true']").first().boundingBox();
      const title = await item.locator("h3").boundingBox();
      if (!image || !title) throw new Error(`Activity ${activity.title} is not laid out`);
      if (activity.direction === "left") expect(image.x).toBeLessThan(title.x);
      else expect(image.x).toBeGreaterThan(title.x);
    }
    // Images have their size before they load, so nothing shifts.
    const sizes = await page
      .locator("main ol img")
      .evaluateAll((images) => images.map((image) => [image.getAttribute("width"), image.getAttribute("height")]));
    expect(sizes.every(([width, height]) => Number(width) > 0 && Number(height) > 0)).toBe(true);
    expect(consoleErrorsOf(page)).toEqual([]);
  });
});

describe("course records", () => {
  async function expectRecordShown(page: import("playwright-core").Page, periodId: string) {
    const record = await getCourseRecord(data.db(), periodId);
    for (const [kind, title] of [
      ["project", "프로젝트"],
      ["session", "세션"],
      ["study", "스터디"],
    ] as const) {
      const section = page.getByRole("region", { name: title, exact: true });
      await expect
        .poll(() => section.locator("h4").allTextContents())
        .toEqual(record[kind].map((entry) => entry.title));
      const leaders = await section.locator("li").allInnerTexts();
      for (const [index, entry] of record[kind].entries()) {
        expect(leaders[index]).toContain(entry.leader);
        expect(leaders[index]).toContain(entry.description);
      }
    }
  }

  test("show the newest period with a record by default, rendered on the server", async () => {
    const periods = await listPeriods(data.db());
    const newest = periods.findLast((period) => period.recorded);
    if (!newest) throw new Error("The demo club has no periods");
    const page = await newPage({ javaScriptEnabled: false });
    const response = await page.goto("/community/activity/courses");
    expect(response?.status()).toBe(200);
    const select = page.getByRole("combobox", { name: "학기" });
    await expect(select.locator("option").allTextContents()).resolves.toEqual(periods.map((period) => period.name));
    await expect(select.inputValue()).resolves.toBe(newest.name);
    await expect(page.getByRole("heading", { level: 2 }).first().textContent()).resolves.toBe(newest.name);
    await expectRecordShown(page, newest.id);
  });

  test("the period selector works without JavaScript and puts the period in the address", async () => {
    const [oldest] = await listPeriods(data.db());
    if (!oldest) throw new Error("The demo club has no periods");
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto("/community/activity/courses");
    await page.getByRole("combobox", { name: "학기" }).selectOption(oldest.name);
    await page.getByRole("button", { name: "보기" }).click();
    await page.waitForURL((url) => url.searchParams.get("period") === oldest.name);
    await expectRecordShown(page, oldest.id);
  });

  test("with JavaScript, choosing a period shows it at once; Back returns to the previous one", async () => {
    const periods = await listPeriods(data.db());
    const [oldest] = periods;
    const newest = periods.findLast((period) => period.recorded);
    if (!oldest || !newest) throw new Error("The demo club has no periods");
    const page = await newPage({ viewport: viewports.phone });
    await page.goto("/community/activity/courses");
    await waitForHydration(page);
    const select = page.getByRole("combobox", { name: "학기" });
    await select.focus();
    await select.selectOption(oldest.name);
    await page.waitForURL((url) => url.searchParams.get("period") === oldest.name);
    await expectRecordShown(page, oldest.id);
    await expect(select.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("period"));
    await expectRecordShown(page, newest.id);
    await expect.poll(() => page.getByRole("combobox", { name: "학기" }).inputValue()).toBe(newest.name);
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("an unknown period shows the newest one with a record instead of an error", async () => {
    const newest = (await listPeriods(data.db())).findLast((period) => period.recorded);
    if (!newest) throw new Error("The demo club has no periods");
    const page = await newPage({ javaScriptEnabled: false });
    const response = await page.goto("/community/activity/courses?period=1999-9%ED%95%99%EA%B8%B0");
    expect(response?.status()).toBe(200);
    await expectRecordShown(page, newest.id);
  });
});

describe("feed", () => {
  test("is rendered on the server in order, with square images and links out", async () => {
    const items = await listFeedItems(data.db(), data.storage());
    expect(items.length).toBeGreaterThan(0);
    const page = await newPage({ javaScriptEnabled: false });
    const response = await page.goto("/community/feed");
    expect(response?.status()).toBe(200);
    const tiles = page.locator("main ul > li");
    await expect(tiles.count()).resolves.toBe(items.length);
    for (const [index, item] of items.entries()) {
      const tile = tiles.nth(index);
      await expect(tile.innerText()).resolves.toContain(item.caption);
      const image = tile.locator("img");
      await expect(image.getAttribute("width")).resolves.toBe(String(item.image.width));
      await expect(image.getAttribute("height")).resolves.toBe(String(item.image.height));
      if (item.link) {
        const link = tile.getByRole("link");
        await expect(link.getAttribute("href")).resolves.toBe(new URL(item.link).href);
        await expect(link.getAttribute("target")).resolves.toBe("_blank");
        await expect(link.getAttribute("rel")).resolves.toContain("noopener");
      }
    }
  });

  test("is a grid at every width, with no console errors", async () => {
    for (const viewport of [viewports.phone, { width: 1020, height: 900 }, viewports.desktop]) {
      const page = await newPage({ viewport });
      await page.goto("/community/feed");
      await waitForHydration(page);
      const boxes = await page
        .locator("main ul > li img")
        .evaluateAll((images) => images.slice(0, 2).map((image) => image.getBoundingClientRect().toJSON()));
      const [first, second] = boxes as DOMRect[];
      // Two tiles side by side, each square.
      expect(second?.y).toBe(first?.y);
      expect(Math.round(first?.width ?? 0)).toBe(Math.round(first?.height ?? -1));
      expect(consoleErrorsOf(page)).toEqual([]);
    }
  });
});
