import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { account, openAdminPage, signIn } from "./support/admin.ts";
import { baseURL, consoleErrorsOf, setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();

const iPhone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/**
 * Client addresses of this file alone (the test server believes X-Forwarded-For from loopback):
 * the sign-in limiter counts failures per address, and each row is found by its address.
 */
const phoneAddress = "192.0.2.71";
const guesserAddress = "192.0.2.72";

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

/** Another browser, with a name and an address of its own. */
async function otherBrowser(like: Page, options: { userAgent?: string; address: string }): Promise<Page> {
  const browser = like.context().browser();
  if (!browser) throw new Error("The page has no browser");
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    extraHTTPHeaders: { "x-forwarded-for": options.address },
  });
  contexts.push(context);
  return context.newPage();
}

describe("the sessions on the account page", () => {
  test("each names its browser and address, and one other session ends with its own button", async () => {
    const page = await openAdminPage(await newPage({ viewport: viewports.phone }), "/admin/manage-password");
    const phone = await otherBrowser(page, { userAgent: iPhone, address: phoneAddress });
    await signIn(phone, account());
    await phone.waitForURL((url) => url.pathname === "/admin");

    await page.reload();
    await waitForHydration(page);
    const table = page.getByRole("table", { name: "로그인된 곳" });
    const phoneRow = table.getByRole("row").filter({ hasText: phoneAddress });
    await expect(phoneRow.getByRole("cell").first().textContent()).resolves.toBe("Safari · iPhone (iOS 18)");
    await expect(phoneRow.textContent()).resolves.toContain("브라우저를 닫으면 종료");
    // This browser is marked, and has no button of its own: signing out ends it.
    const currentRow = table.getByRole("row").filter({ hasText: "지금 이 브라우저" });
    await expect(currentRow.getByRole("cell").first().textContent()).resolves.toMatch(
      /^Chrome \d+ · .+ 지금 이 브라우저$/,
    );
    await expectAbsent(currentRow.getByRole("button"), { once: currentRow });
    // On a phone the table scrolls inside its frame; the page itself does not scroll sideways.
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).resolves.toBe(true);

    // A second tab, left open on the same list.
    const staleTab = await page.context().newPage();
    await staleTab.goto("/admin/manage-password");
    await waitForHydration(staleTab);

    await phoneRow.getByRole("button", { name: "종료" }).click();
    const dialog = page.getByRole("dialog", { name: "Safari · iPhone (iOS 18)의 로그인을 종료할까요?" });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(`${phoneAddress}에서`);
    await dialog.getByRole("button", { name: "종료" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Safari · iPhone (iOS 18)의 로그인을 종료했습니다. 그곳에서는 다시 로그인해야 합니다." })
      .waitFor();
    // The message comes with the action's answer; the list follows once the page's data is read again.
    await expectAbsent(phoneRow, { once: currentRow });
    await expect(currentRow.count()).resolves.toBe(1);

    await phone.reload();
    expect(new URL(phone.url()).pathname).toBe("/admin/login");

    // The tab still showing it cannot end it twice.
    const answers: number[] = [];
    staleTab.on("response", (response) => {
      const request = response.request();
      // The page's account commands go through the one write endpoint.
      if (request.method() === "POST" && request.url().includes("/admin/api/my-account")) {
        answers.push(response.status());
      }
    });
    await staleTab.getByRole("row").filter({ hasText: phoneAddress }).getByRole("button", { name: "종료" }).click();
    await staleTab.getByRole("dialog").getByRole("button", { name: "종료" }).click();
    await staleTab.getByRole("alert").filter({ hasText: "이미 종료되었거나 없는 로그인입니다." }).waitFor();
    expect(answers).toEqual([404]);

    await page.goto("/admin");
    await page
      .getByRole("region", { name: "관리 기록" })
      .getByText(
        `'${account().email}' 관리자가 다른 세션 하나를 종료했습니다 (Safari · iPhone (iOS 18), 접속 주소 ${phoneAddress})`,
      )
      .first()
      .waitFor();
    expect(consoleErrorsOf(page)).toEqual([]);
  });
});

describe("the dashboard's refused sign-ins", () => {
  test("a wrong password shows there with the address tried and where from; the link opens the log's failures", async () => {
    const guesser = await otherBrowser(await newPage(), { address: guesserAddress });
    await signIn(guesser, { email: "e2e-guess@club.test", password: "not-a-password" });
    await guesser.getByRole("alert").filter({ hasText: "올바르지 않습니다" }).waitFor();

    const page = await openAdminPage(await newPage(), "/admin");
    const refused = page.getByRole("table", { name: "최근 거부된 로그인" });
    const row = refused.getByRole("row").filter({ hasText: "e2e-guess@club.test" });
    await expect(
      row
        .getByRole("cell")
        .allTextContents()
        .then((cells) => cells.slice(1)),
    ).resolves.toEqual(["e2e-guess@club.test", "이메일 또는 비밀번호가 올바르지 않습니다", guesserAddress]);
    // The newest is on top.
    await expect(refused.getByRole("row").nth(1).textContent()).resolves.toContain("e2e-guess@club.test");

    await page.getByRole("link", { name: "관리 기록에서 계정의 실패 기록 모두 보기" }).click();
    await page.waitForURL((url) => url.searchParams.get("type") === "failure");
    expect(new URL(page.url()).searchParams.get("category")).toBe("account");
    await page
      .getByRole("region", { name: "관리 기록" })
      .getByText(`'e2e-guess@club.test' 계정으로 로그인하지 못했습니다 (접속 주소 ${guesserAddress})`)
      .first()
      .waitFor();
    expect(consoleErrorsOf(page)).toEqual([]);
  });
});
