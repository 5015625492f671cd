import { cp, mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { type DemoTemplates, newTestDatabase } from "../integration/support/test-databases.ts";
import { readBuildManifest } from "../support/build-manifest.ts";
import { signIn } from "./support/admin.ts";
import { setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { freePort, startServer } from "./support/global-setup.ts";

/**
 * A manager whose admin page was loaded before a deploy clicks a link after it: the browser asks
 * for the clicked page's script under the previous build's name, which the new build does not
 * have. They must land on the page they clicked (React Router's own answer to a missing script is
 * to reload the page they were on). Public pages load every page as a document (their scripts
 * are islands), so only the admin area, a client-side app, can meet this.
 *
 * The deploy: a copy of the build is served, the server stopped, the clicked route's script moved
 * out of the copy (a new build names it anew; the rest stays, so the new release's pages still
 * load) and the server started again at the same address.
 */
const { newPage } = setupBrowser();
const account = { email: "deploy@club.test", password: "deploy-password" };
// Inside the project, so the copied server bundle finds the project's packages.
const workDir = path.resolve("test-results", `deploy-${process.pid}`);
const cleanups: (() => Promise<void>)[] = [];
/** One data folder for both releases' servers, on SQLite: a copy of the run's demo seed. */
let dataDir = "";

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "club-deploy-"));
  // On a run whose servers use PostgreSQL there is no SQLite seed: the first start seeds one.
  const template = (JSON.parse(inject("demoTemplates")) as DemoTemplates).sqlite;
  if (template) await newTestDatabase("sqlite", dataDir, template);
});

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await rm(workDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Opens the admin dashboard on a release, deploys a new one under it and opens the admin menu's
 * link to the manual. `archive: false` also loses the archive of earlier builds' files (a data folder
 * not kept across releases). Resolves with the page and whether it was reloaded on the way.
 */
async function clickAfterDeploy(release: string, options: { archive: boolean }) {
  const buildDir = path.join(workDir, release, "build");
  await cp(path.resolve("build"), buildDir, { recursive: true });
  const port = await freePort();
  const start = () =>
    startServer({ dataDir, databaseUrl: "", account, port, env: { BUILD_DIR: buildDir, WORKERS: "1" } });
  let server = await start();
  cleanups.push(() => server.stop());

  const page = await newPage({ viewport: viewports.desktop });
  await page.goto(`${server.baseURL}/admin/login`);
  await waitForHydration(page);
  await signIn(page, account, { goTo: false });
  await page.waitForURL((url) => url.pathname === "/admin");
  await waitForHydration(page);
  // Gone if the document is loaded again.
  await page.evaluate(() => {
    (window as { openedBeforeDeploy?: boolean }).openedBeforeDeploy = true;
  });

  await server.stop();
  const { module } = readBuildManifest().routes["routes/admin/manual"] ?? { module: "" };
  await rename(path.join(buildDir, "client", module), path.join(workDir, release, path.basename(module)));
  if (!options.archive) await rm(path.join(dataDir, "assets-archive"), { recursive: true });
  server = await start();

  const nav = page.getByRole("navigation", { name: "관리 메뉴" }).first();
  await nav.getByRole("link", { name: "관리자 매뉴얼" }).click();
  await page.waitForURL("**/admin/manual");
  await expect.poll(() => page.getByRole("heading", { level: 1 }).first().textContent()).toContain("매뉴얼");
  return { page, reloaded: await wasReloaded(page) };
}

function wasReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => !(window as { openedBeforeDeploy?: boolean }).openedBeforeDeploy);
}

test("a link clicked on a page opened before a deploy opens the clicked page, in place", async () => {
  const { reloaded } = await clickAfterDeploy("kept", { archive: true });
  // The previous build's script came from the archive: no reload was needed.
  expect(reloaded).toBe(false);
}, 120_000);

test("without the previous build's files, the click still lands on the clicked page", async () => {
  // React Router reloads the page, which goes on to the address clicked.
  const { reloaded } = await clickAfterDeploy("lost", { archive: false });
  expect(reloaded).toBe(true);
}, 120_000);
