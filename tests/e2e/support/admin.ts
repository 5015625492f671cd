import type { Browser, BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";
import { runAdminCli } from "../../support/admin-cli.ts";
import { baseURL, testServer, waitForHydration } from "./browser.ts";

/** The manager the test server was started with (see global-setup.ts). */
export const account = () => ({
  email: inject("adminEmail"),
  password: inject("adminPassword"),
});

/**
 * Opens an admin page signed in as the test server's manager, with the session made once
 * for the whole run (global-setup.ts): only the tests of signing in go through the form.
 */
export async function openAdminPage(page: Page, path: string): Promise<Page> {
  await signedIn(page);
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

/** Gives the page's context the session made once for the run (a page without scripts too). */
export async function signedIn(page: Page): Promise<void> {
  await page.context().addCookies(JSON.parse(testServer().adminCookies));
}

/** Fills in and sends the sign-in form of the page's current address (or /admin/login). */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
  options: { staySignedIn?: boolean; goTo?: boolean; scripts?: boolean } = {},
): Promise<void> {
  if (options.goTo ?? true) await page.goto("/admin/login");
  if (options.scripts ?? true) await waitForHydration(page);
  await page.getByLabel("이메일").fill(account.email);
  await page.getByLabel("비밀번호").fill(account.password);
  if (options.staySignedIn) await page.getByLabel("로그인 상태 유지").check();
  await page.getByRole("button", { name: "로그인", exact: true }).click();
}

/**
 * A browser "restarted" after `context`: a new context that gets only the cookies a browser
 * keeps across a restart, the persistent ones (session cookies have no expiry: -1).
 */
export async function restartedContext(browser: Browser, context: BrowserContext): Promise<BrowserContext> {
  const state = await context.storageState();
  return browser.newContext({
    baseURL: baseURL(),
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires > 0) },
  });
}

/** Signs the page's session out from another tab (a context holding a copy of its cookies). */
export async function signOutElsewhere(page: Page): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error("The page has no browser");
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    await other.addCookies(await page.context().cookies());
    const otherPage = await other.newPage();
    await otherPage.goto("/admin");
    await otherPage.getByRole("button", { name: "로그아웃" }).click();
    await otherPage.waitForURL((url) => url.search === "?signedOut=1");
  } finally {
    await other.close();
  }
}

/** Creates an manager of the test server's database with the command-line tool. */
export async function createAccountWithCli(email: string, password: string) {
  const result = await runAdminCli(
    { databaseUrl: testServer().databaseUrl, dataDir: testServer().dataDir },
    ["create", email],
    `${password}\n`,
  );
  if (result.code !== 0) throw new Error(`admin create failed: ${result.stderr}`);
}
