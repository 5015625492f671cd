import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { publicPagePaths } from "#server/domain/seo/public-pages.ts";
import { loadServerBundle } from "../integration/support/built-site.ts";
import { type ManifestRoute, readBuildManifest } from "../support/build-manifest.ts";
import { setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { firstArticlePath } from "./support/pages.ts";

const { newPage } = setupBrowser();

/** The stacks app/styles/tokens.css defines, as the browser reports them once resolved. */
const KOREAN = '"Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans KR", "Noto Sans CJK KR"';
const SANS = `${KOREAN}, system-ui, sans-serif`;
const MONO = `ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace, ${KOREAN}, sans-serif`;

const FONT_FILE = /\.(woff2?|ttf|otf|eot)(\?|$)/i;

/**
 * One phone browser for the file's pages, each loaded in turn with its cache off, as a new
 * browser would load it; it keeps the requests of the page loaded last and its layout shifts.
 */
let phone: Page;
let requests: { url: string; type: string }[] = [];

async function openPhone() {
  phone = await newPage({ viewport: viewports.phone });
  phone.on("request", (request) => {
    requests.push({ url: request.url(), type: request.resourceType() });
  });
  const cdp = await phone.context().newCDPSession(phone);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await phone.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** Loads `path` in the phone browser, from the network, keeping only its own requests. */
async function openOnPhone(path: string) {
  requests = [];
  await phone.goto(path);
  await waitForHydration(phone);
  await phone.evaluate(() => document.fonts.ready.then(() => undefined));
  return { page: phone, requests };
}

function layoutShifts(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
}

/** The built files only admin routes use: their modules, chunks and stylesheets. */
async function adminOnlyAssets(): Promise<Set<string>> {
  const manifest = readBuildManifest();
  const { islandFiles } = await loadServerBundle();
  const islands = Object.values(islandFiles).flatMap((files) => [files.module, ...files.imports]);
  const filesOf = (route: { module: string; imports?: string[]; css?: string[] }) => [
    route.module,
    ...(route.imports ?? []),
    ...(route.css ?? []),
  ];
  const routes: (ManifestRoute & { css?: string[] })[] = Object.values(manifest.routes);
  const shared = new Set([
    ...manifest.entry.imports,
    ...islands,
    ...routes.filter((route) => !route.id.startsWith("routes/admin")).flatMap(filesOf),
  ]);
  return new Set(
    routes
      .filter((route) => route.id.startsWith("routes/admin"))
      .flatMap(filesOf)
      .filter((file) => !shared.has(file)),
  );
}

let articlePath = "";
let adminAssets = new Set<string>();
beforeAll(async () => {
  articlePath = await firstArticlePath();
  adminAssets = await adminOnlyAssets();
  expect(adminAssets.size).toBeGreaterThan(0);
  await openPhone();
});

describe("public pages in the reader's own fonts, with one stylesheet", () => {
  test.each([...publicPagePaths, "article"])("%s", async (route) => {
    const path = route === "article" ? articlePath : route;
    const { page, requests } = await openOnPhone(path);

    expect(requests.filter((request) => request.type === "font" || FONT_FILE.test(request.url))).toEqual([]);
    // The stylesheet applies, and it declares no @font-face: nothing the browser could download later.
    await expect(page.evaluate(() => getComputedStyle(document.body).fontFamily)).resolves.toBe(SANS);
    await expect(page.evaluate(() => document.fonts.size)).resolves.toBe(0);
    await expect(
      page
        .locator("header a")
        .first()
        .evaluate((link) => getComputedStyle(link).fontFamily),
    ).resolves.toBe(MONO);

    // One render-blocking stylesheet, and nothing of the admin area.
    await expect(page.locator('link[rel="stylesheet"]').count()).resolves.toBe(1);
    // Chromium draws the linked icon on the page's main thread after load: an SVG icon is a whole
    // document to lay out, the ICO's small PNGs cost nothing.
    await expect(
      page.locator('link[rel~="icon"]').evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
    ).resolves.toEqual(["/favicon.ico"]);
    expect(requests.filter((request) => adminAssets.has(new URL(request.url).pathname))).toEqual([]);

    // Every image says its size, so nothing moves while pictures and text settle.
    const unsized = await page.evaluate(() =>
      [...document.images]
        .filter((image) => !image.getAttribute("width") || !image.getAttribute("height"))
        .map((image) => image.outerHTML.slice(0, 120)),
    );
    expect(unsized).toEqual([]);
    await expect(layoutShifts(page)).resolves.toEqual([]);
  });
});
