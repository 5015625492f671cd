import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { publicText } from "../admin-lists.ts";
import { baseURL, waitForHydration } from "./browser.ts";

type NewPage = (options?: { javaScriptEnabled?: boolean }) => Promise<Page>;

/**
 * A page's main content exactly as the server sends it (the same fetch as serverDocument in
 * admin-lists.ts), shown in a page with every script removed: for checks that need Playwright's
 * role and visibility queries; serverDocument reads the same HTML without a browser.
 */
export async function serverRenderedMain(newPage: NewPage, path: string): Promise<Locator> {
  const html = await publicText(path);
  const page = await newPage({ javaScriptEnabled: false });
  await page.setContent(html.replace(/<script[\s\S]*?<\/script>/g, ""));
  return page.locator("main");
}

/** Opens a page whose clock stands still: its timers run only when the test calls runFor. */
export async function openWithStillClock(page: Page, path: string): Promise<Page> {
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1_000);
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

/**
 * Scrolls through the whole page a screen at a time, waiting at each stop until the images in
 * view have loaded (or failed), so lazy images get their turn. Network idleness is no signal
 * here: the page-view report is a keepalive request that the browser may hold open.
 */
export async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let top = 0; top < height; top += step) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForFunction(() =>
      [...document.images]
        .filter((image) => {
          const box = image.getBoundingClientRect();
          return box.bottom > 0 && box.top < innerHeight && box.width > 0;
        })
        .every((image) => image.complete),
    );
  }
}

/**
 * A page as anonymous visitors get it, asked on new connections several times so that every
 * server worker answers at least once (the server runs one per core; each has its own cache).
 */
export async function visitorCopies(path: string, times = 6): Promise<string[]> {
  const bodies: string[] = [];
  for (let index = 0; index < times; index++) {
    const response = await fetch(new URL(path, baseURL()), { headers: { connection: "close" } });
    bodies.push(await response.text());
  }
  return bodies;
}

/** The newest article's address, read from the media list the server renders. */
export async function firstArticlePath(): Promise<string> {
  const html = await (await fetch(`${baseURL()}/community/media`)).text();
  const match = html.match(/href="(\/community\/media\/[0-9a-f]{32})"/);
  if (!match?.[1]) throw new Error("The media list shows no article");
  return match[1];
}

/**
 * Nothing matches `absent` (waiting for it to go, if it is leaving), checked only once the page
 * shows `ready`, something it draws in the same render: before the page has drawn, every
 * absence check would pass.
 */
export async function expectAbsent(absent: Locator, { once: ready }: { once: Locator }): Promise<void> {
  await ready.waitFor();
  await expect.poll(() => absent.count()).toBe(0);
}
