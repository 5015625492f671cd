import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { calendarEvents } from "#server/seed/demo-content.ts";
import {
  addDays,
  addMonths,
  formatYearMonth,
  monthKey,
  seoulDate,
  seoulYearMonth,
  type YearMonth,
} from "#shared/dates.ts";
import { baseURL, consoleErrorsOf, setupBrowser, viewports, waitForHydration } from "./support/browser.ts";

const { newPage } = setupBrowser();

// The demo events are placed relative to the day the server seeded its database: today.
const today = seoulDate(new Date());
const thisMonth = seoulYearMonth(new Date());
const nextMonth = addMonths(thisMonth, 1);
const inMonth = (month: YearMonth) =>
  calendarEvents.filter((event) => {
    const first = addDays(today, event.dayOffset);
    const last = addDays(first, (event.days ?? 1) - 1);
    const key = monthKey(month);
    return first.startsWith(key) || last.startsWith(key) || (first < key && last > key);
  });

const monthHeading = (page: Page) => page.getByRole("heading", { level: 2 }).filter({ hasText: /^\d{4}년 \d{1,2}월$/ });

describe("/archive/calendar", () => {
  test("the server renders this month's events with today marked", async () => {
    const response = await fetch(`${baseURL()}/archive/calendar`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(formatYearMonth(thisMonth));
    for (const event of inMonth(thisMonth)) expect(html).toContain(event.title);
    const shownTitles = new Set(inMonth(thisMonth).map((event) => event.title));
    for (const event of calendarEvents.filter((e) => !shownTitles.has(e.title))) {
      expect(html).not.toContain(`>${event.title}<`);
    }
    expect(html).toMatch(new RegExp(`<td[^>]*aria-current="date"[^>]*>.*?${Number(today.slice(8))}</span>`));
    expect(html).toContain('href="/calendar.ics"');
  });

  test("the month's events are schema.org Event data", async () => {
    const html = await (await fetch(`${baseURL()}/archive/calendar?month=${monthKey(nextMonth)}`)).text();
    const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? "{}";
    const data = JSON.parse(json) as {
      "@graph": { "@type": string; name: string; startDate: string }[];
    };
    const expected = inMonth(nextMonth)
      .map((event) => event.title)
      .sort();
    expect(data["@graph"].map((event) => event.name).sort()).toEqual(expected);
    expect(data["@graph"].every((event) => event["@type"] === "Event")).toBe(true);
    expect(data["@graph"].every((event) => /^\d{4}-\d{2}-\d{2}/.test(event.startDate))).toBe(true);
  });

  test("steps between months with the links, before and after scripts load", async () => {
    const page = await newPage();
    await page.goto("/archive/calendar");
    await waitForHydration(page);
    await expect.poll(() => monthHeading(page).textContent()).toBe(formatYearMonth(thisMonth));

    await page.getByRole("link", { name: /다음 달/ }).click();
    await page.waitForURL(`**/archive/calendar?month=${monthKey(nextMonth)}`);
    await expect.poll(() => monthHeading(page).textContent()).toBe(formatYearMonth(nextMonth));
    for (const event of inMonth(nextMonth)) {
      await expect(page.getByRole("button", { name: event.title }).count()).resolves.toBeGreaterThan(0);
    }

    await page.getByRole("link", { name: /이전 달/ }).click();
    // Each step waits for its month: a second click on the link not yet updated would go nowhere.
    await expect.poll(() => monthHeading(page).textContent()).toBe(formatYearMonth(thisMonth));
    await page.getByRole("link", { name: /이전 달/ }).click();
    const previous = addMonths(thisMonth, -1);
    await page.waitForURL(`**/archive/calendar?month=${monthKey(previous)}`);
    await expect.poll(() => monthHeading(page).textContent()).toBe(formatYearMonth(previous));
    await page.getByRole("link", { name: "이번 달" }).click();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(() => monthHeading(page).textContent()).toBe(formatYearMonth(thisMonth));
    expect(consoleErrorsOf(page)).toEqual([]);

    const noScript = await newPage({ javaScriptEnabled: false });
    await noScript.goto("/archive/calendar");
    await noScript.getByRole("link", { name: /다음 달/ }).click();
    await noScript.waitForURL(`**/archive/calendar?month=${monthKey(nextMonth)}`);
    await expect.poll(() => monthHeading(noScript).textContent()).toBe(formatYearMonth(nextMonth));
  });

  test("a malformed month, or one outside the club's years, is the 404 page", async () => {
    const farFuture = monthKey({ year: thisMonth.year + 30, month: 1 });
    for (const month of ["abc", "2026-13", "0000-01", "2026-1", "1900-01", "1972-12", farFuture]) {
      const response = await fetch(`${baseURL()}/archive/calendar?month=${month}`);
      expect(response.status, month).toBe(404);
      expect(await response.text()).toContain("404 Not Found");
    }
    // The founding year's first month and this month are shown.
    for (const month of ["1973-01", monthKey(thisMonth)]) {
      expect((await fetch(`${baseURL()}/archive/calendar?month=${month}`)).status, month).toBe(200);
    }
  });

  test("each event's details open from the keyboard and close with Escape", async () => {
    const page = await newPage({ viewport: viewports.desktop });
    await page.goto(`/archive/calendar?month=${monthKey(nextMonth)}`);
    await waitForHydration(page);
    const event = inMonth(nextMonth).find((candidate) => candidate.location && candidate.time);
    if (!event) throw new Error("the demo calendar has a timed event next month");
    const chip = page.getByRole("button", { name: new RegExp(event.title) }).first();
    await chip.focus();
    await page.keyboard.press("Enter");
    const details = page.getByRole("dialog", { name: event.title });
    await details.waitFor({ state: "visible" });
    await expect.poll(() => details.getByText(event.location).isVisible()).toBe(true);
    await expect.poll(() => details.getByText(event.description).isVisible()).toBe(true);
    await expect
      .poll(() => details.getByText(`${event.time?.[0]} ~ ${event.time?.[1]}`, { exact: false }).isVisible())
      .toBe(true);
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "hidden" });

    // The entries are reached with Tab like any other control.
    await page.getByRole("link", { name: /다음 달/ }).focus();
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("popovertarget"));
    expect(focused).toMatch(/^event-/);
  });

  test("narrow screens get a list of the month's events with all their details", async () => {
    for (const width of [390, 1020]) {
      const page = await newPage({ viewport: { width, height: 900 } });
      await page.goto(`/archive/calendar?month=${monthKey(nextMonth)}`);
      await expect.poll(() => page.locator("main table").isVisible()).toBe(false);
      const list = page.locator("main ol").filter({ has: page.locator("h3") });
      await expect.poll(() => list.isVisible()).toBe(true);
      const events = inMonth(nextMonth);
      await expect(list.locator("h4").allInnerTexts()).resolves.toEqual(
        expect.arrayContaining(events.map((event) => event.title)),
      );
      for (const event of events) {
        if (event.location) await expect.poll(() => list.getByText(event.location).first().isVisible()).toBe(true);
        await expect.poll(() => list.getByText(event.description).isVisible()).toBe(true);
      }
    }
    const wide = await newPage({ viewport: { width: 1021, height: 900 } });
    await wide.goto("/archive/calendar");
    await expect.poll(() => wide.locator("main table").isVisible()).toBe(true);
  });
});

describe("/calendar.ics", () => {
  test("is a valid iCalendar feed of every event", async () => {
    const response = await fetch(`${baseURL()}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await response.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")).toBe(true);
    expect(text.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    }
    const unfolded = text.replace(/\r\n[ \t]/g, "");
    expect(unfolded.match(/^BEGIN:VEVENT$/gm)).toHaveLength(calendarEvents.length);
    expect(unfolded.match(/^END:VEVENT$/gm)).toHaveLength(calendarEvents.length);
    expect(unfolded).toContain("\r\nX-WR-CALNAME:KERNEL 캘린더\r\n");
    const allDay = calendarEvents.filter((event) => event.time === undefined).length;
    expect(unfolded.match(/^DTSTART;VALUE=DATE:\d{8}$/gm)).toHaveLength(allDay);
    expect(unfolded.match(/^DTSTART:\d{8}T\d{6}Z$/gm)).toHaveLength(calendarEvents.length - allDay);
    for (const event of calendarEvents) {
      expect(unfolded).toContain(`SUMMARY:${event.title.replaceAll(",", "\\,").replaceAll(";", "\\;")}`);
    }
  });
});
