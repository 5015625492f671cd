import { describe, expect, test } from "vitest";
import { baseURL, consoleErrorsOf, setupBrowser, viewports, waitForHydration } from "./support/browser.ts";

const { newPage } = setupBrowser();

describe("server rendering", () => {
  test("the home page's HTML carries the club name before any script runs", async () => {
    const response = await fetch(`${baseURL()}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>[^<]*KERNEL/);
    expect(html).toContain("<title>KERNEL</title>");

    const page = await newPage({ javaScriptEnabled: false });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 }).first().textContent()).resolves.toContain("KERNEL");
  });

  test("every page has title, description, canonical and preview tags", async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    // The test server answers at its own address, which the canonical link names.
    expect(html).toContain(`<link rel="canonical" href="${baseURL()}/"/>`);
    expect(html).toMatch(/<meta property="og:title" content="KERNEL"/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary/);
  });
});

describe("desktop navigation", () => {
  test("shows the five groups and opens a submenu on hover", async () => {
    const page = await newPage({ viewport: viewports.desktop });
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "주 메뉴" });
    const groupLabels = await nav.locator(":scope > ul > li > :first-child").allInnerTexts();
    expect(groupLabels.map((text) => text.replace("Now Recruiting", "").trim())).toEqual([
      "About Us",
      "Community",
      "Archive",
      "Join",
      "Other sites",
    ]);
    const mediaLink = nav.getByRole("link", { name: "미디어" });
    await expect.poll(() => mediaLink.isVisible()).toBe(false);
    await nav.getByText("Community", { exact: true }).hover();
    await mediaLink.waitFor({ state: "visible" });
    await expect.poll(() => nav.getByRole("link", { name: "학습 기록" }).isVisible()).toBe(true);
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("opens a submenu on keyboard focus and closes it with Escape", async () => {
    const page = await newPage({ viewport: viewports.desktop });
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "주 메뉴" });
    await nav.getByRole("link", { name: "Archive" }).focus();
    const ruleLink = nav.getByRole("link", { name: "회칙" });
    await ruleLink.waitFor({ state: "visible" });
    await page.keyboard.press("Tab");
    await expect(ruleLink.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press("Escape");
    await ruleLink.waitFor({ state: "hidden" });
  });

  test("marks the group and item of the current page", async () => {
    const page = await newPage({ viewport: viewports.desktop });
    await page.goto("/archive/odaeho");
    const nav = page.getByRole("navigation", { name: "주 메뉴" });
    await expect(nav.getByRole("link", { name: "Archive" }).getAttribute("aria-current")).resolves.toBe("true");
    // The submenu is closed, so the item is looked up by its address rather than its role.
    await expect(nav.locator('a[href="/archive/odaeho"]').getAttribute("aria-current")).resolves.toBe("page");
  });
});

describe("side menu at 390 px", () => {
  test("opens, works as an accordion, keeps focus inside and closes on Escape", async () => {
    const page = await newPage({ viewport: viewports.phone });
    await page.goto("/");
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("navigation", { name: "주 메뉴" }).isVisible()).toBe(false);

    await page.getByRole("button", { name: "메뉴 열기" }).click();
    const dialog = page.getByRole("dialog", { name: "사이트 메뉴" });
    await dialog.waitFor({ state: "visible" });

    const community = dialog.getByText("Community", { exact: true });
    const archive = dialog.getByText("Archive", { exact: true });
    const feedLink = dialog.getByRole("link", { name: "피드" });
    const calendarLink = dialog.getByRole("link", { name: "캘린더" });
    await community.click();
    await feedLink.waitFor({ state: "visible" });
    await archive.click();
    await calendarLink.waitFor({ state: "visible" });
    // One group open at a time.
    await feedLink.waitFor({ state: "hidden" });

    for (let step = 0; step < 15; step += 1) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(
        () => document.activeElement?.closest("dialog") !== null || document.activeElement === document.body,
      );
      expect(inside).toBe(true);
    }

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });
});

/** The home page, made tall enough to scroll whatever it holds, with room added at `where`. */
async function tallHomePage(where: "append" | "prepend") {
  const page = await newPage({ viewport: viewports.desktop });
  await page.goto("/");
  await waitForHydration(page);
  await page.evaluate((where) => {
    const spacer = document.createElement("div");
    spacer.style.height = "3000px";
    document.querySelector("main")?.[where](spacer);
  }, where);
  return page;
}

describe("not found", () => {
  test("an unknown address answers 404 with the spec's page", async () => {
    const page = await newPage();
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("404 Not Found");
    await expect.poll(() => page.getByText("요청하신 주소의 페이지를 찾을 수 없습니다.").isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText("주소가 올바른지 다시 한 번 확인해 주세요", { exact: false }).isVisible())
      .toBe(true);
    await expect(page.title()).resolves.toContain("404 Not Found");
  });
});

describe("route changes", () => {
  test("scroll to the top of the new page", async () => {
    const page = await tallHomePage("prepend");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 1000);
    await page.locator("footer").getByRole("link").first().waitFor();
    // Follow an in-site link from the bottom of the page.
    await page.evaluate(() => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>("a[href='/about/contact']")].at(-1);
      link?.click();
    });
    await page.waitForURL("**/about/contact");
    await page.waitForFunction(() => window.scrollY === 0);
  });
});
