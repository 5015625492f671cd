import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { VersionedDocument } from "#server/db/documents.ts";
import { type AdmissionInfo, getAdmissionInfo, saveAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import { getHomeContent, type HomeContent } from "#server/domain/home/home.ts";
import { consoleErrorsOf, setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { expectAbsent, serverRenderedMain } from "./support/pages.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();
let original: VersionedDocument<AdmissionInfo>;
let home: HomeContent;

beforeAll(async () => {
  original = await getAdmissionInfo(data.db());
  home = (await getHomeContent(data.db())).value;
});

afterAll(async () => {
  // Leave the admission info as the other test files expect it: the seeded document.
  const current = await getAdmissionInfo(data.db());
  await saveAdmissionInfo(data.db(), original.value, current.version);
  await data.contentChanged();
});

/** Opens or closes recruiting in the server's database, the way the admin page will. */
async function setRecruiting(isRecruiting: boolean) {
  const current = await getAdmissionInfo(data.db());
  await saveAdmissionInfo(
    data.db(),
    { ...current.value, meta: { ...current.value.meta, isRecruiting } },
    current.version,
  );
  await data.contentChanged();
}

const joinMenu = (page: Page) =>
  page
    .getByRole("navigation", { name: "주 메뉴" })
    .locator(":scope > ul > li")
    .filter({
      has: page.getByRole("link", { name: /^Join/ }),
    });

describe("recruiting badge", () => {
  test("appears on the Join menu while recruiting is open and goes when it closes", async () => {
    await setRecruiting(true);
    const page = await newPage({ viewport: viewports.desktop });
    await page.goto("/");
    await expect.poll(() => joinMenu(page).getByText("Now Recruiting").isVisible()).toBe(true);

    await setRecruiting(false);
    await page.goto("/");
    await expectAbsent(page.getByText("Now Recruiting"), { once: joinMenu(page) });

    await setRecruiting(true);
    await page.reload();
    await expect.poll(() => joinMenu(page).getByText("Now Recruiting").isVisible()).toBe(true);
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("shows in the side menu on a phone too", async () => {
    await setRecruiting(true);
    const page = await newPage({ viewport: viewports.phone });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "메뉴 열기" }).click();
    const dialog = page.getByRole("dialog", { name: "사이트 메뉴" });
    await expect.poll(() => dialog.getByText("Now Recruiting").isVisible()).toBe(true);

    await setRecruiting(false);
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "메뉴 열기" }).click();
    await expectAbsent(dialog.getByText("Now Recruiting"), { once: dialog });
  });
});

describe("/join", () => {
  test("renders the admission info from the server, before any script", async () => {
    await setRecruiting(true);
    const { meta, schedules, faqs } = original.value;
    const main = await serverRenderedMain(newPage, "/join");
    await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(meta.title);
    const text = await main.innerText();
    expect(text).toContain(meta.description);
    expect(text).toContain("지금 모집 중입니다");
    for (const schedule of schedules) {
      expect(text).toContain(schedule.title);
      expect(text).toContain(schedule.date);
      expect(text).toContain(schedule.description);
    }
    const questions = await main.locator("details summary").allInnerTexts();
    expect(questions.map((question) => question.replace(/^Q\.\s*/, ""))).toEqual(faqs.map((faq) => faq.question));
    const apply = main.getByRole("link", { name: /지원서 작성하기/ });
    await expect(apply.getAttribute("href")).resolves.toBe(meta.applyUrl);
    await expect(apply.getAttribute("target")).resolves.toBe("_blank");
  });

  test("the recruiting image loads at once with its size", async () => {
    await setRecruiting(true);
    const page = await newPage({ viewport: viewports.phone });
    await page.goto("/join");
    const image = page.locator("main img").first();
    await expect(image.getAttribute("loading")).resolves.toBe("eager");
    await expect(image.getAttribute("width")).resolves.toMatch(/^\d+$/);
    await expect(image.getAttribute("height")).resolves.toMatch(/^\d+$/);
    await expect(image.evaluate((element) => (element as HTMLImageElement).decode().then(() => true))).resolves.toBe(
      true,
    );
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("FAQ answers open and close from the keyboard", async () => {
    const { faqs } = original.value;
    const page = await newPage();
    await page.goto("/join");
    await waitForHydration(page);
    const first = page.locator("main details").first();
    const answer = first.getByText(faqs[0]?.answer ?? "");
    await expect.poll(() => answer.isVisible()).toBe(false);
    await first.locator("summary").focus();
    await page.keyboard.press("Enter");
    await answer.waitFor({ state: "visible" });
    await expect(first.getAttribute("open")).resolves.toBe("");
    await page.keyboard.press("Space");
    await answer.waitFor({ state: "hidden" });
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("while closed, says so and offers no application link", async () => {
    await setRecruiting(false);
    const page = await newPage();
    await page.goto("/join");
    const main = page.locator("main");
    await expectAbsent(main.getByRole("link", { name: /지원서 작성하기/ }), {
      once: main.getByRole("heading", { name: "모집이 마감되었습니다" }),
    });
    await expect.poll(() => main.getByText(home.recruiting.intro).isVisible()).toBe(true);
    await setRecruiting(true);
  });
});

describe("/join/who_we_want", () => {
  test("lists the four kinds of people, what members do, and links back to /join", async () => {
    const main = await serverRenderedMain(newPage, "/join/who_we_want");
    await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("이런 분을 찾아요");
    const people = await main.locator("ol").first().locator("li").allInnerTexts();
    expect(people.map((text) => text.replace(/^\d+\s*/, "").trim())).toEqual(home.recruiting.wanted);
    const text = await main.innerText();
    expect(text).toMatch(new RegExp(`약\\s*${home.recruiting.sessionsPerSemester}\\s*개`));
    for (const event of home.events) {
      expect(text).toContain(event.title);
      expect(text).toContain(event.duration);
    }
    const links = await main.locator('a[href="/join"]').count();
    expect(links).toBeGreaterThan(0);
  });

  test("works in the browser without console errors", async () => {
    const page = await newPage({ viewport: viewports.phone });
    await page.goto("/join/who_we_want");
    await waitForHydration(page);
    await page.getByRole("link", { name: /지원하기 페이지로/ }).click();
    await page.getByRole("heading", { level: 1, name: original.value.meta.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/join");
    expect(consoleErrorsOf(page)).toEqual([]);
  });
});
