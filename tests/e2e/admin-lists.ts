import { Window } from "happy-dom";
import type { APIRequestContext, Cookie, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import { withParticle } from "#shared/korean.ts";
import { baseURL, testServer } from "./support/browser.ts";

/**
 * Shared steps of the admin pages' browser tests: signing in to a page, files to choose, moving
 * rows with the mouse and the keyboard, deleting with confirmation and reading the public pages.
 */

/**
 * For `expect.poll`: long enough for a save, the page's data loaded again, or a page visited,
 * on a busy machine (the default is one second).
 */
export const eventually = { timeout: 15_000, interval: 100 } as const;

export { openAdminPage } from "./support/admin.ts";

/** The names of a sortable list's items, in the order shown (read from their handles). */
export function listOrder(list: Locator): Promise<string[]> {
  return list
    .getByRole("button", { name: /순서 바꾸기$/ })
    .evaluateAll((handles) =>
      handles.map((handle) => (handle.getAttribute("aria-label") ?? "").replace(/^'(.*)' 순서 바꾸기$/, "$1")),
    );
}

const handleOf = (list: Locator, name: string) =>
  list.getByRole("button", { name: `'${name}' 순서 바꾸기`, exact: true });

/** Waits until the list takes moves again (it is locked while an order is being saved). */
async function whenMovable(list: Locator, name: string) {
  await expect.poll(() => handleOf(list, name).getAttribute("aria-disabled"), eventually).not.toBe("true");
}

/** Drags an item by its handle with the mouse and drops it on another item's place. */
export async function dragOnto(page: Page, list: Locator, name: string, onto: string) {
  await whenMovable(list, name);
  const from = await handleOf(list, name).boundingBox();
  const to = await handleOf(list, onto).boundingBox();
  if (!from || !to) throw new Error("The handles are not on screen");
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  // Past the sensor's 4 px activation distance first, then to the target in small steps.
  await page.mouse.move(x, from.y + from.height / 2 + (to.y > from.y ? 8 : -8), { steps: 2 });
  await page.mouse.move(x, to.y + to.height / 2 + (to.y > from.y ? 6 : -6), { steps: 12 });
  await page.mouse.up();
}

/**
 * Moves an item with the keyboard: focus its handle, Space to lift, arrows, Space to drop. Each
 * key waits for the list's spoken announcement of the previous one, as a screen reader user would.
 */
export async function moveWithKeyboard(page: Page, list: Locator, name: string, steps: number): Promise<void> {
  await whenMovable(list, name);
  const start = (await listOrder(list)).indexOf(name) + 1;
  const announced = (text: string) =>
    page.getByText(text).first().waitFor({ state: "attached", timeout: eventually.timeout });
  // In the middle of the screen, so that a move does not have to scroll the page first.
  await handleOf(list, name).evaluate((handle) => handle.scrollIntoView({ block: "center" }));
  await handleOf(list, name).focus();
  await page.keyboard.press("Space");
  // The lift names the place the row starts from: a list that showed another order than the
  // one read above fails here, not at a later step.
  await announced(`${withParticle(`'${name}'`, "을/를")} 들었습니다. 현재 ${start}번째입니다`);
  for (let step = 1; step <= Math.abs(steps); step += 1) {
    await page.keyboard.press(steps > 0 ? "ArrowDown" : "ArrowUp");
    const position = start + (steps > 0 ? step : -step);
    await announced(`${withParticle(`'${name}'`, "이/가")} ${position}번째 자리로 갑니다`);
  }
  await page.keyboard.press("Space");
  await announced(`${withParticle(`'${name}'`, "을/를")} ${start + steps}번째 자리에 놓았습니다`);
}

/** Clicks a delete button and confirms in the dialog it opens. */
export async function confirmDelete(page: Page, scope: Locator, dialogTitle: string | RegExp, button = "삭제") {
  await scope.getByRole("button", { name: button, exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: dialogTitle });
  await dialog.waitFor();
  await dialog.getByRole("button", { name: button, exact: true }).click();
}

/** Waits for a success message (a polite status) that contains the text. */
export function successMessage(page: Page, text: string) {
  return page.getByRole("status").filter({ hasText: text }).first().waitFor();
}

/** Whom a page is fetched for without a browser (serverHtml). */
interface ServerHtmlOptions {
  /** As the run's manager. */
  signedIn?: boolean;
  /** Through a client of the test's own (a page's `request`): its server, its cookies. */
  client?: APIRequestContext;
  /** The statuses the page may answer with (a page a visitor may also get as a 404 page). */
  statuses?: number[];
}

/** A page's HTML as the server renders it now, fetched without a browser. */
async function serverHtml(path: string, { signedIn = false, client, statuses = [200] }: ServerHtmlOptions = {}) {
  if (client) {
    const response = await client.get(path, { headers: { accept: "text/html" } });
    expect(statuses).toContain(response.status());
    return response.text();
  }
  const cookies = signedIn ? (JSON.parse(testServer().adminCookies) as Cookie[]) : [];
  const response = await fetch(`${baseURL()}${path}`, {
    headers: cookies.length > 0 ? { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") } : {},
  });
  expect(statuses).toContain(response.status);
  return response.text();
}

/** The site's page as the server renders it now, as text without scripts. */
export function publicText(path: string): Promise<string> {
  return serverHtml(path);
}

/**
 * A page as the server renders it now, parsed without running its scripts and without a browser:
 * for checks of what the server sends (a visitor's first view, an admin page as a reload shows
 * it), which cost the browser nothing. The run's manager session when `signedIn`; a page's own
 * session and server through its `request` as `client`.
 */
export async function serverDocument(path: string, options: ServerHtmlOptions = {}): Promise<Document> {
  const html = await serverHtml(path, options);
  const window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
    },
  });
  const document = new window.DOMParser().parseFromString(html, "text/html");
  await window.happyDOM.close();
  // What the page shows, not the data its scripts carry for hydration.
  for (const script of document.querySelectorAll("script")) script.remove();
  return document as unknown as Document;
}

/** The names of a sortable list's items in the order the server renders them (listOrder's twin). */
export function serverListOrder(document: Document, listName: string): string[] {
  const list = [...document.querySelectorAll("ol[aria-label]")].find(
    (element) => element.getAttribute("aria-label") === listName,
  );
  if (!list) return [];
  return [...list.querySelectorAll('[aria-label$=" 순서 바꾸기"]')].map((handle) =>
    (handle.getAttribute("aria-label") ?? "").replace(/^'(.*)' 순서 바꾸기$/, "$1"),
  );
}

/** A link of a server-rendered page by its accessible name: its aria-label, else its text. */
export function linkNamed(document: Document, name: string): HTMLAnchorElement | undefined {
  return [...document.querySelectorAll("a")].find(
    (link) => (link.getAttribute("aria-label") ?? link.textContent?.replace(/\s+/g, " ").trim()) === name,
  );
}

/**
 * The body rows of a server-rendered table named by its caption, each as its cells' texts (the
 * cells a browser names as such: `td`), newest or first row first.
 */
export function tableRows(document: Document, caption: string): string[][] {
  const table = [...document.querySelectorAll("table")].find(
    (element) => element.querySelector("caption")?.textContent?.trim() === caption,
  );
  if (!table) return [];
  return [...table.querySelectorAll("tbody tr")].map((row) =>
    [...row.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").replace(/\s+/g, " ").trim()),
  );
}

/** A name no other test uses, for records this test creates and deletes again. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 4)}`;
}

/** A photo as a file input receives it; noisy, so it is big enough to show upload progress. */
export async function photoFile(name: string, width = 900, height = width) {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  const buffer = await sharp(noise, { raw: { width, height, channels: 3 } })
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
 * Slows the page's uploads to a modest connection (the test server is on the same machine and
 * takes any upload at once), so the progress of a send can be watched. Downloads stay fast.
 * Other requests from a page throttled this way may stall behind an upload: call the function it
 * answers to give the page its full speed back before going on in it.
 */
export async function slowUploads(page: Page, bytesPerSecond = 400 * 1024): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const conditions = async (uploadThroughput: number) => {
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  };
  await cdp.send("Network.enable");
  await conditions(bytesPerSecond);
  return () => conditions(-1);
}

/** Sends an upload form and checks that its progress is shown while it goes, then its answer. */
export async function submitWithProgress(page: Page, form: Locator, button: string, done: string) {
  await form.getByRole("button", { name: button }).click();
  await form
    .getByRole("status")
    .filter({ hasText: /보내는 중 \d+%/ })
    .waitFor();
  await expect.poll(() => form.locator("progress").isVisible()).toBe(true);
  await page.getByRole("status").filter({ hasText: done }).first().waitFor();
}

/** The rows of a sortable list, by their titles, in the order shown. */
export function titlesOf(list: Locator): Promise<string[]> {
  return list.getByRole("article").locator(":is(h3, h4)").allInnerTexts();
}

/** Deletes a row through its confirmation dialog. */
export async function deleteRow(page: Page, title: string) {
  const row = page.getByRole("article", { name: title, exact: true });
  // Only the open dialog is named; its question starts with the quoted title (a title with
  // quotes of its own would not survive a regular expression in a Playwright selector).
  await confirmDelete(page, row, `'${title}'`);
  await page.getByRole("status").filter({ hasText: "삭제되었습니다" }).first().waitFor();
  await row.waitFor({ state: "detached" });
}

/**
 * Holds the page's requests to `url` until `release()`, so a step shown while a form is sent
 * (its progress) can be seen before the answer comes; then they, and later ones, go on as sent.
 */
export function holdRequests(page: Page, url: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const ready = page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  // Once released, later requests pass at once.
  return { ready, release: () => release() };
}
