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
  const { services, close } = await openTestServices(process.env.E2E_DATABASE_URL ? "postgres" : "sqlite", {
    demo: true,
  });
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
 * A sign-in sent as a plain form post from here: a client with no cookies, at the same address
 * as the browsers (the limiter counts by address and account, whatever sends the form).
 */
async function postSignIn(credentials: { email: string; password: string }) {
  const response = await fetch(`${server.baseURL}/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(credentials),
  });
  await response.arrayBuffer();
  return { status: response.status, retryAfter: Number(response.headers.get("retry-after")) };
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
    // Nine failures sent as plain posts; the page's own form shows the first refusal's words.
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      expect((await postSignIn({ email: account.email, password: `wrong-${attempt}` })).status).toBe(401);
    }
    await signIn(page, { email: account.email, password: "wrong-9" });
    await page.getByRole("alert").filter({ hasText: "올바르지 않습니다" }).waitFor();
    await expect.poll(() => statuses).toEqual([401]);

    const started = Date.now();
    await signIn(page, { email: account.email, password: "wrong-10" }, { goTo: false });
    const alert = page.getByRole("alert").filter({ hasText: "너무 많이" });
    await alert.waitFor();
    await expect.poll(() => statuses).toEqual([401, 429]);
    const text = (await alert.textContent()) ?? "";
    expect(text).toMatch(
      /^로그인에 너무 많이 실패했습니다\. \d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}부터 다시 시도할 수 있습니다 \(약 1[45]분 후\)\.$/,
    );
    // The time shown is about 15 minutes from now, in Korea's time zone.
    const [, year, month, day, hour, minute] = /(\d{4})\. (\d{2})\. (\d{2})\. (\d{2}):(\d{2})/.exec(text) ?? [];
    const shown = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:00+09:00`);
    expect(shown - started).toBeGreaterThan(13 * 60_000);
    expect(shown - started).toBeLessThanOrEqual(15 * 60_000);

    // Even the right password is refused until then.
    await signIn(page, account, { goTo: false });
    await expect.poll(() => statuses).toEqual([401, 429, 429]);
    await page.getByRole("alert").filter({ hasText: "너무 많이" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/login");

    const response = await postSignIn(account);
    expect(response.status).toBe(429);
    expect(response.retryAfter).toBeGreaterThan(13 * 60);
  } finally {
    await browser.close();
  }
});

test("12 failed sign-ins from an unknown browser leave the owner's known browser able to sign in", async () => {
  // Someone else, on the same network address and with no cookie of the site, guesses the
  // owner's password twelve times (by now this address is limited for unknown browsers anyway,
  // after the test above).
  const answers: number[] = [];
  for (let attempt = 1; attempt <= 12; attempt += 1) {
    answers.push((await postSignIn({ email: owner.email, password: `guess-${attempt}` })).status);
  }
  expect(answers.filter((status) => status !== 401 && status !== 429)).toEqual([]);
  expect(answers.at(-1)).toBe(429);
  expect((await postSignIn(owner)).status).toBe(429);

  // The owner's browser, known since it signed in before all this, is not refused for them.
  await signIn(knownBrowser.page, owner);
  await knownBrowser.page.waitForURL("**/admin");
  await knownBrowser.page.getByRole("heading", { name: "대시보드" }).waitFor();
});
