import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { photoFile } from "../e2e/admin-lists.ts";
import { launchBrowser, waitForHydration } from "../e2e/support/browser.ts";
import { account, instances } from "./support.ts";

const { a, b } = instances;

/**
 * A manager in a real browser, sent to either instance as a load balancer without sticky
 * sessions would: both instances answer on 127.0.0.1, and a browser sends a host's cookies to
 * every port of it, so one session reaches both, as behind one public address.
 */
describe("one manager's browser, two instances", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ locale: "ko-KR", timezoneId: "Asia/Seoul" });
    page = await context.newPage();
  });
  afterAll(() => browser?.close());

  test("signed in on A, adds a photo on B, sees it on A's public feed, signs out on B and is out on A", async () => {
    await page.goto(`${a.url}/admin/login`);
    await waitForHydration(page);
    await page.getByLabel("이메일").fill(account.email);
    await page.getByLabel("비밀번호").fill(account.password);
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await page.waitForURL(`${a.url}/admin`);

    // The session made on A opens B's admin pages.
    await page.goto(`${b.url}/admin/manage-feed`);
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe("/admin/manage-feed");
    const caption = `브라우저 확장 시험 ${randomBytes(3).toString("hex")}`;
    const add = page.getByRole("form", { name: "새 게시물 추가" });
    await add.getByLabel("설명").fill(caption);
    await add.getByLabel("게시일").fill("2030-03-02");
    await add.getByLabel("사진 (필수)").setInputFiles(await photoFile("scale.jpg", 400));
    await add.getByRole("button", { name: "게시물 추가" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `'${caption}' 피드 게시물이 추가되었습니다` })
      .waitFor();

    // A's public feed shows the photo B stored, loaded from A.
    await page.goto(`${a.url}/community/feed`);
    const picture = page.locator("main li", { hasText: caption }).locator("img");
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    const source = await picture.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(new URL(source).origin).toBe(a.url);
    expect(new URL(source).pathname).toMatch(/^\/uploads\/feed\//);

    // Signing out on B ends the session on A too.
    await page.goto(`${b.url}/admin`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "로그아웃" }).click();
    await page.waitForURL(/\/admin\/login/);
    await page.goto(`${a.url}/admin`);
    await page.waitForURL(/\/admin\/login/);
  });
});
