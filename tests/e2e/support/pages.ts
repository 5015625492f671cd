import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { baseURL, waitForHydration } from "./browser.ts";

type NewPage = (options?: { javaScriptEnabled?: boolean }) => Promise<Page>;

/** A page's main content exactly as the server sends it: its HTML shown with every script removed. */
export async function serverRenderedMain(newPage: NewPage, path: string): Promise<Locator> {
  const response = await fetch(`${baseURL()}${path}`);
  expect(response.status).toBe(200);
  const page = await newPage({ javaScriptEnabled: false });
  await page.setContent((await response.text()).replace(/<script[\s\S]*?<\/script>/g, ""));
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
