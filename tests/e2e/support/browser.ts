import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject, onTestFinished } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_CHROMIUM_PATH } from "../../../scripts/lib/chromium.ts";
import type { TestServer } from "./global-setup.ts";

/** The server of this file's slot (global-setup.ts starts one per file running at once). */
export function testServer(): TestServer {
  const servers = JSON.parse(inject("servers")) as TestServer[];
  const slot = Number(process.env.VITEST_POOL_ID ?? "1") - 1;
  const server = servers[slot % servers.length];
  if (!server) throw new Error("No test server was started");
  return server;
}

export const baseURL = () => testServer().baseURL;

/** Debian's headless Chromium, as every test of the project starts it (scripts/lib/chromium.ts). */
export const chromiumOptions = { executablePath: TEST_CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS };

/**
 * A browser of its own, for a test that needs another one than the run's (setupBrowser):
 * `userAgent` replaces the browser's own name everywhere, also for requests a page sends as it
 * unloads (a context's user agent does not reach those); `whole` starts Debian's whole Chromium
 * instead of its headless shell, for what only the whole browser has (its PDF viewer).
 */
export function launchBrowser(options: { userAgent?: string; whole?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    ...chromiumOptions,
    executablePath: options.whole ? CHROMIUM_PATH : chromiumOptions.executablePath,
    args: [...chromiumOptions.args, ...(options.userAgent ? [`--user-agent=${options.userAgent}`] : [])],
  });
}

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/**
 * The run's one browser (started by global-setup.ts), connected to for the file; each test opens
 * its own context through `newPage`, closed after the test.
 */
export function setupBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.connect(inject("browserEndpoint"));
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });
  return {
    async newPage(
      options: {
        viewport?: { width: number; height: number };
        javaScriptEnabled?: boolean;
        /** Another name for the test server ("localhost": passkeys need a host name, not an IP). */
        host?: string;
      } = {},
    ): Promise<Page> {
      const url = new URL(baseURL());
      if (options.host) url.hostname = options.host;
      const context = await browser.newContext({
        baseURL: url.origin,
        viewport: options.viewport ?? viewports.desktop,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        locale: "ko-KR",
        timezoneId: "Asia/Seoul",
      });
      try {
        // A page a test opens is closed when the test ends: one left open keeps drawing (the home
        // page's slogans move for ever) and costs the machine for the rest of the file.
        onTestFinished(() => context.close());
      } catch {
        // Opened outside a test (in beforeAll): kept for the whole file.
        contexts.push(context);
      }
      const page = await context.newPage();
      trackConsoleErrors(page);
      return page;
    },
  };
}

const consoleErrors = new WeakMap<Page, string[]>();

function trackConsoleErrors(page: Page) {
  const errors: string[] = [];
  consoleErrors.set(page, errors);
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
}

/** Errors the page printed to its console, except the 404 the browser logs for a 404 page. */
export function consoleErrorsOf(page: Page): string[] {
  return (consoleErrors.get(page) ?? []).filter((text) => !text.includes("the server responded with a status of 404"));
}

/** Waits until React has hydrated the page, so clicks reach its handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, {
    timeout: 10_000,
  });
}
