import type { APIRequestContext, APIResponse, Browser, BrowserContext, Cookie, Page } from "playwright-core";
import { request } from "playwright-core";
import { expect, inject, onTestFinished } from "vitest";
import type { Role } from "#shared/roles.ts";
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
 * Sends the sign-in form as a plain post, as a browser without scripts sends it, so that the
 * client (a page's `request`, sharing the page's cookies, or a client of its own) holds a session
 * of `account` without loading the sign-in page: for tests that need a session other than the
 * run's one, where the form is not the subject. The answer is not followed: a right password
 * gets a 303 to the dashboard (or to `redirectTo`, the page the sign-in was asked from) with the
 * session's cookies, or, for an account with a second factor, to the code page with the step's.
 */
export function signInByPost(
  client: APIRequestContext,
  account: { email: string; password: string },
  options: { staySignedIn?: boolean; redirectTo?: string } = {},
): Promise<APIResponse> {
  return client.post("/admin/login", {
    form: {
      email: account.email,
      password: account.password,
      ...(options.staySignedIn ? { persistent: "on" } : {}),
      ...(options.redirectTo ? { redirectTo: options.redirectTo } : {}),
    },
    maxRedirects: 0,
  });
}

/**
 * Another browser that loads no page: a client of its own (its own cookies, no renderer) with the
 * browser name and client address it says it has. Closed when the test ends.
 */
export async function newClient(options: { userAgent?: string; address?: string } = {}): Promise<APIRequestContext> {
  const client = await request.newContext({
    baseURL: baseURL(),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.address ? { extraHTTPHeaders: { "x-forwarded-for": options.address } } : {}),
  });
  onTestFinished(() => client.dispose());
  return client;
}

/** Another browser (newClient) signed in as `account` by a plain post: a session to watch appear and end. */
export async function signedInClient(
  account: { email: string; password: string },
  options: { userAgent?: string; address?: string } = {},
): Promise<APIRequestContext> {
  const client = await newClient(options);
  const answer = await signInByPost(client, account);
  expect(answer.status(), "the sign-in's answer").toBe(303);
  return client;
}

/**
 * Where opening `path` as a page lands (asked for HTML, as a browser's address bar asks), its
 * redirects followed: "/admin/login" once the client's session has ended.
 */
export async function landingPath(client: APIRequestContext, path: string): Promise<string> {
  const response = await client.get(path, { headers: { accept: "text/html" } });
  await response.dispose();
  return new URL(response.url()).pathname;
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

/**
 * Signs the page's session out from elsewhere: another browser holding a copy of its cookies sends
 * the shell's sign-out form (a plain post, as the button sends it), and loads no page to do it.
 */
export async function signOutElsewhere(page: Page): Promise<void> {
  const other = await request.newContext({
    baseURL: new URL(page.url()).origin,
    storageState: { cookies: await page.context().cookies(), origins: [] },
  });
  try {
    const answer = await other.post("/admin/sign-out", { form: {}, maxRedirects: 0 });
    expect(answer.status(), "the sign-out's answer").toBe(303);
    expect(answer.headers().location).toBe("/admin/login?signedOut=1");
  } finally {
    await other.dispose();
  }
}

/** Creates a manager of the test server's database with the command-line tool (an owner unless told). */
export async function createAccountWithCli(email: string, password: string, role: Role = "owner") {
  const result = await runAdminCli(
    { databaseUrl: testServer().databaseUrl, dataDir: testServer().dataDir },
    ["create", email, "--role", role],
    `${password}\n`,
  );
  if (result.code !== 0) throw new Error(`admin create failed: ${result.stderr}`);
}

/**
 * Signs `account` in once (a plain post, signInByPost) in the page's context, and keeps the
 * session's cookies: a file whose tests act as another manager than the run's signs in once, not
 * per test.
 */
export async function sessionCookiesOf(page: Page, account: { email: string; password: string }): Promise<Cookie[]> {
  expect((await signInByPost(page.request, account)).status(), "the sign-in's answer").toBe(303);
  return page.context().cookies();
}

/** Opens an admin page in a context given a session's cookies (sessionCookiesOf). */
export async function openAdminPageWith(page: Page, cookies: Cookie[], path: string): Promise<Page> {
  await page.context().addCookies(cookies);
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

/** The addresses the admin menu links to, as the desktop sidebar shows them once it is there. */
export async function menuPaths(page: Page): Promise<string[]> {
  const links = page.locator("aside").getByRole("navigation", { name: "관리 메뉴" }).getByRole("link");
  await links.first().waitFor();
  return links.evaluateAll((all) => all.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}

/** What only owners open (decision 0045): none is in an editor's menu, and each refuses them. */
export const OWNER_ONLY_PATHS = [
  "/admin/manage-managers",
  "/admin/manage-settings",
  "/admin/backup",
  "/admin/handover",
  "/admin/setup",
] as const;

/** The owner-only addresses among the admin menu's links. */
export async function ownerMenuPaths(page: Page): Promise<string[]> {
  const owners: readonly string[] = OWNER_ONLY_PATHS;
  return (await menuPaths(page)).filter((path) => owners.includes(path));
}
