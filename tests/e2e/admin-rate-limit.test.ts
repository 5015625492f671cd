import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { newAccount } from "../integration/support/account-steps.ts";
import { openTestServices } from "../integration/support/databases.ts";
import { signIn } from "./support/admin.ts";
import { startServer } from "./support/global-setup.ts";

/**
 * The limiter counts failures per client address, and every test signs in from 127.0.0.1. So
 * this file runs a server of its own, on a database of its own, and locks only that one out.
 */
const account = { email: "limit-admin@club.test", password: "limit-admin-password" };
const owner = { email: "device-owner@club.test", password: "device-owner-password" };

let server: Awaited<ReturnType<typeof startServer>>;
let closeDatabase: () => Promise<void>;
let knownBrowser: { browser: Browser; page: Page };

beforeAll(async () => {
  const { services, close } = await openTestServices(process.env.E2E_DATABASE_URL ? "postgres" : "sqlite");
  closeDatabase = close;
  await newAccount(services, { ...owner, actor: "test" });
  server = await startServer({
    dataDir: services.dataDir,
    databaseUrl: services.databaseUrl,
    account: account,
  });
  // The owner signs in once from this browser (it becomes a known device) and signs out.
  const browser = await chromium.connect(inject("browserEndpoint"));
  const page = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  await signIn(page, owner);
  await page.waitForURL("**/admin");
  await page.getByRole("button", { name: "로그아웃" }).click();
  await page.waitForURL((url) => url.searchParams.get("signedOut") === "1");
  knownBrowser = { browser, page };
}, 120_000);

afterAll(async () => {
  await knownBrowser?.browser.close();
  await server?.stop();
  await closeDatabase?.();
});

/**
 * Sends the sign-in form and waits for the server's answer to it. A refused sign-in leaves the
 * form on the page, so the next attempt is typed into the same form (`load`: open the page first).
 */
async function signInAnswered(page: Page, credentials: { email: string; password: string }, load: boolean) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/admin/login"),
  );
  await signIn(page, credentials, { goTo: load });
  await answered;
}

test("after 10 failed sign-ins in 15 minutes the answer is 429 and says when to try again", async () => {
  const browser = await chromium.connect(inject("browserEndpoint"));
  try {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      locale: "ko-KR",
      timezoneId: "Asia/Seoul",
    });
    const page = await context.newPage();
    const statuses: number[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "POST") statuses.push(response.status());
    });
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      await signInAnswered(page, { email: account.email, password: `wrong-${attempt}` }, attempt === 1);
      await page.getByRole("alert").filter({ hasText: "올바르지 않습니다" }).waitFor();
    }
    const started = Date.now();
    await signIn(page, { email: account.email, password: "wrong-10" });
    const alert = page.getByRole("alert").filter({ hasText: "너무 많이" });
    await alert.waitFor();
    const text = (await alert.textContent()) ?? "";
    expect(text).toMatch(
      /^로그인에 너무 많이 실패했습니다\. \d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}부터 다시 시도할 수 있습니다 \(약 1[45]분 후\)\.$/,
    );
    // The time shown is about 15 minutes from now, in Korea's time zone.
    const [, year, month, day, hour, minute] = /(\d{4})\. (\d{2})\. (\d{2})\. (\d{2}):(\d{2})/.exec(text) ?? [];
    const shown = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:00+09:00`);
    expect(shown - started).toBeGreaterThan(13 * 60_000);
    expect(shown - started).toBeLessThanOrEqual(15 * 60_000);
    expect(statuses.slice(0, 9).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    // Even the right password is refused until then.
    await signIn(page, account);
    await page.getByRole("alert").filter({ hasText: "너무 많이" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect(statuses.at(-1)).toBe(429);

    const response = await fetch(`${server.baseURL}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(account),
    });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(13 * 60);
  } finally {
    await browser.close();
  }
});

test("12 failed sign-ins from an unknown browser leave the owner's known browser able to sign in", async () => {
  // Someone else, on the same network address, guesses the owner's password twelve times
  // (by now this address is limited for unknown browsers anyway, after the test above).
  const stranger = await knownBrowser.browser.newContext({ baseURL: server.baseURL });
  const page = await stranger.newPage();
  for (let attempt = 1; attempt <= 12; attempt += 1) {
    await signInAnswered(page, { email: owner.email, password: `guess-${attempt}` }, attempt === 1);
    await page
      .getByRole("alert")
      .filter({ hasText: /올바르지 않습니다|너무 많이/ })
      .waitFor();
  }
  await signIn(page, owner);
  await page.getByRole("alert").filter({ hasText: "너무 많이" }).waitFor();

  // The owner's browser, known since it signed in before all this, is not refused for them.
  await signIn(knownBrowser.page, owner);
  await knownBrowser.page.waitForURL("**/admin");
  await knownBrowser.page.getByRole("heading", { name: "대시보드" }).waitFor();
}, 120_000);
