import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import { administrator, signIn } from "./support/admin.ts";
import { waitForHydration } from "./support/browser.ts";

/**
 * Shared steps of the browser tests for the admin lists with pictures and an order (main
 * activities, odaeho, feed): signing in to a page, files to choose, moving rows and deleting.
 */

export async function openAdminPage(newPage: () => Promise<Page>, path: string): Promise<Page> {
  const page = await newPage();
  await signIn(page, administrator());
  await page.waitForURL((url) => url.pathname === "/admin");
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

/** A photo as a file input receives it; noisy, so it is big enough to show upload progress. */
export async function photoFile(name: string, size = 900) {
  const noise = Buffer.alloc(size * size * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  const buffer = await sharp(noise, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/** A small valid-looking PDF, padded so its upload takes a moment. */
export function pdfFile(name: string, text: string) {
  const body = `%PDF-1.7\n% ${text}\n${"% padding\n".repeat(20_000)}%%EOF\n`;
  return { name, mimeType: "application/pdf", buffer: Buffer.from(body) };
}

/**
 * Slows the page's uploads to a modest connection, so the progress of a send can be watched.
 * Downloads stay fast.
 */
export async function slowUploads(page: Page, bytesPerSecond = 400 * 1024): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Sends an upload form and checks that its progress is shown while it goes, then its answer. */
export async function submitWithProgress(page: Page, form: Locator, button: string, done: string) {
  await form.getByRole("button", { name: button }).click();
  await form
    .getByRole("status")
    .filter({ hasText: /보내는 중 \d+%/ })
    .waitFor();
  await expect(form.locator("progress").isVisible()).resolves.toBe(true);
  await page.getByRole("status").filter({ hasText: done }).first().waitFor();
}

/** The rows of a sortable list, by their titles, in the order shown. */
export function titlesOf(list: Locator): Promise<string[]> {
  return list.getByRole("article").locator(":is(h3, h4)").allInnerTexts();
}

/** Drags a row by its handle with the mouse and drops it on another row. */
export async function dragRow(page: Page, list: Locator, from: string, to: string) {
  const handle = list.getByRole("button", { name: `'${from}' 순서 바꾸기` });
  const target = list.getByRole("article", { name: to, exact: true });
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const start = await handle.boundingBox();
  const end = await target.boundingBox();
  if (!start || !end) throw new Error("The rows are not on screen");
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 + 8, { steps: 4 });
  await page.mouse.move(start.x + start.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** Moves a row with the keyboard on its handle: Space to lift, arrows to move, Space to drop. */
export async function moveRowWithKeyboard(
  page: Page,
  list: Locator,
  title: string,
  direction: "ArrowUp" | "ArrowDown",
) {
  await list.getByRole("button", { name: `'${title}' 순서 바꾸기` }).focus();
  await page.keyboard.press("Space");
  await page.waitForTimeout(150);
  await page.keyboard.press(direction);
  await page.waitForTimeout(300);
  await page.keyboard.press("Space");
}

/** Deletes a row through its confirmation dialog. */
export async function deleteRow(page: Page, title: string) {
  const row = page.getByRole("article", { name: title, exact: true });
  await row.getByRole("button", { name: "삭제" }).click();
  const dialog = page.getByRole("dialog", { name: `'${title}'을(를) 삭제할까요?` });
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "삭제" }).click();
  await page.getByRole("status").filter({ hasText: "삭제되었습니다" }).first().waitFor();
  await row.waitFor({ state: "detached" });
}
