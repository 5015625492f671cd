import type { Page } from "playwright-core";
import { openAdminPage as openSignedIn } from "./support/admin.ts";

/** Helpers shared by the browser tests of the single-document admin pages. */

type NewPage = () => Promise<Page>;

/** A signed-in page showing `path`, ready for clicks. */
export async function openAdminPage(newPage: NewPage, path: string): Promise<Page> {
  return openSignedIn(await newPage(), path);
}

/**
 * Makes uploads from this page take about two seconds for `bytes`, so the progress shown while
 * sending can be seen (the test server is on the same machine and takes any upload at once).
 * Other requests from a page throttled this way may stall: carry on in a new page afterwards.
 */
export async function slowUploads(page: Page, bytes: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send("Network.enable");
  await session.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: Math.max(16 * 1024, Math.round(bytes / 2)),
  });
}
