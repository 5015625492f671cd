import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { daysInMonth, seoulYearMonth } from "#shared/dates.ts";
import { baseURL, consoleErrorsOf, setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();
const { year, month: currentMonth } = seoulYearMonth(new Date());

const heading = (page: Page) => page.locator("main h2").first();
const previous = (page: Page) => page.getByRole("button", { name: "이전 달" });
const next = (page: Page) => page.getByRole("button", { name: "다음 달" });

async function openOn(date: string) {
  const page = await newPage({ viewport: viewports.desktop });
  await page.clock.setFixedTime(new Date(`${date}T10:00:00+09:00`));
  await page.goto("/archive/calendartest");
  await waitForHydration(page);
  return page;
}

async function expectMonth(page: Page, month: number) {
  await page.waitForFunction((text) => document.querySelector("main h2")?.textContent === text, `${year}년 ${month}월`);
  const days = await page
    .locator("main table tbody td")
    .evaluateAll((cells) => cells.map((cell) => cell.textContent?.match(/^\d+/)?.[0]).filter(Boolean));
  expect(days).toHaveLength(daysInMonth({ year, month }));
}

describe("/archive/calendartest", () => {
  test("the server renders this month with Sunday-to-Saturday headers and no events", async () => {
    const response = await fetch(`${baseURL()}/archive/calendartest`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`${year}년 ${currentMonth}월`);
    const headers = [...html.matchAll(/<th scope="col" abbr="([^"]+)"/g)].map((match) => match[1]);
    expect(headers).toEqual(["일요일", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일"]);

    const page = await newPage();
    await page.goto("/archive/calendartest");
    await expect(page.locator("main thead th").allInnerTexts()).resolves.toEqual([
      "일",
      "월",
      "화",
      "수",
      "목",
      "금",
      "토",
    ]);
    await expectAbsent(page.locator("main table button, main table li"), {
      once: page.locator("main thead th").first(),
    });
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("in December it cannot go forward", async () => {
    const page = await openOn(`${year}-12-10`);
    await expectMonth(page, 12);
    await expect(next(page).isDisabled()).resolves.toBe(true);
    await expect(previous(page).isEnabled()).resolves.toBe(true);
    await previous(page).click();
    await expectMonth(page, 11);
    await expect(next(page).isEnabled()).resolves.toBe(true);
  });

  test("without scripts the buttons step through ?month=, clamped to 1-12", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto("/archive/calendartest?month=1");
    await expect(heading(page).textContent()).resolves.toBe(`${year}년 1월`);
    await expect(previous(page).isDisabled()).resolves.toBe(true);
    await next(page).click();
    await page.waitForURL("**/archive/calendartest?month=2");
    await expect(heading(page).textContent()).resolves.toBe(`${year}년 2월`);

    await page.goto("/archive/calendartest?month=13");
    await expect(heading(page).textContent()).resolves.toBe(`${year}년 12월`);
    await expect(next(page).isDisabled()).resolves.toBe(true);
    await page.goto("/archive/calendartest?month=nope");
    await expect(heading(page).textContent()).resolves.toBe(`${year}년 ${currentMonth}월`);
  });
});
