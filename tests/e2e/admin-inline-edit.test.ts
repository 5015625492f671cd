import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { openAdminPage } from "./admin-lists.ts";
import { setupBrowser } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();

const discardDialog = (page: Page) => page.getByRole("dialog", { name: "입력한 내용을 버릴까요?" });
const pageHeading = (page: Page) => page.getByRole("heading", { level: 1 });

/**
 * The steps every edit form that opens in a list row must pass: closing it untouched closes it
 * at once; closing it after typing asks, staying keeps the typing, discarding drops it.
 */
async function closesOnlyWhenAsked(page: Page, open: () => Promise<void>, field: () => Locator, close: () => Locator) {
  await open();
  const stored = await field().inputValue();
  await close().click();
  await expectAbsent(field(), { once: pageHeading(page) });
  await expect.poll(() => discardDialog(page).isVisible()).toBe(false);

  await open();
  await field().fill(`${stored} 고치는 중`);
  await close().click();
  const dialog = discardDialog(page);
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "취소" }).click();
  await dialog.waitFor({ state: "hidden" });
  await expect(field().inputValue()).resolves.toBe(`${stored} 고치는 중`);

  await close().click();
  await dialog.getByRole("button", { name: "버리고 닫기" }).click();
  await expectAbsent(field(), { once: pageHeading(page) });
  await open();
  await expect.poll(() => field().inputValue()).toBe(stored);
  // Nothing typed any more: leaving the page does not ask (a blank page is enough to leave for).
  await close().click();
  await page.goto("about:blank");
  await page.waitForURL("about:blank");
}

describe("an edit form opened in a list row", () => {
  test("a feed item's form asks before it is closed with typing in it", async () => {
    const page = await openAdminPage(await newPage(), "/admin/manage-feed");
    const row = page.getByRole("list", { name: "피드 순서" }).getByRole("article").first();
    await closesOnlyWhenAsked(
      page,
      async () => {
        await row.getByRole("button", { name: / 게시물 수정$/ }).click();
        await row.getByLabel("설명").waitFor();
      },
      () => row.getByLabel("설명"),
      () => row.getByRole("button", { name: "취소", exact: true }),
    );
  });

  test("an organization member's form asks before it is cancelled with typing in it", async () => {
    const page = await openAdminPage(await newPage(), "/admin/manage-organization");
    const row = page.getByRole("list", { name: "구성원 순서" }).getByRole("article").first();
    await closesOnlyWhenAsked(
      page,
      async () => {
        await row.getByRole("button", { name: / 구성원 수정$/ }).click();
        await row.getByLabel("이름").waitFor();
      },
      () => row.getByLabel("이름"),
      () => row.getByRole("button", { name: "취소", exact: true }),
    );
  });
});
