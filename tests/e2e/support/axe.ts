import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { setupBrowser, viewports, waitForHydration } from "./browser.ts";
import { firstArticlePath, scrollThrough } from "./pages.ts";

/**
 * The serious and critical WCAG 2.2 AA violations axe-core finds on the page (within `include`,
 * a selector, when given), each with up to five of its places.
 */
export async function severeViolations(page: Page, include?: string) {
  // Parts of a public page are drawn only as they near the screen (content-visibility: auto).
  // axe reads a text's background at the moment it scrolls to it, which can come before that
  // part is drawn: its light footer text would then be judged against the page's white. Drawn
  // all at once, the check is about the colours alone.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
    }
  });
  // Legacy mode runs axe in the page itself. The default opens a blank page of its own to gather
  // the results of every frame, which doubles each check's time; the pages checked here have no
  // frames (the admin's sign-in dialog opens one only when a session has ended).
  let builder = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .setLegacyMode(true);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}

/**
 * Each page is checked at both settings in one visit: the viewport and the colour scheme change
 * in place (the page's media queries follow), so a page is loaded and hydrated once. The second
 * setting checks the page's own content; the header and footer around it are the same on every
 * page and are checked whole on the home page.
 */
const settings = [
  { name: "phone, light", viewport: viewports.phone, colorScheme: "light" as const, whole: () => true },
  {
    name: "desktop, dark",
    viewport: viewports.desktop,
    colorScheme: "dark" as const,
    whole: (path: string) => path === "/",
  },
];

/**
 * The axe-core check of each of `routes` ("article" for the newest article), as a file's tests.
 * The visitor pages are split over two files so that the run's two file slots share them: one
 * file of them all was the run's longest and, started last, ran alone at its end.
 */
export function accessibilityOf(routes: string[]): void {
  const { newPage } = setupBrowser();
  describe("axe-core (phone in light, desktop in dark)", () => {
    test.each(routes)("%s has no serious or critical violations", async (route) => {
      const path = route === "article" ? await firstArticlePath() : route;
      const [first] = settings;
      const page = await newPage({ viewport: first?.viewport });
      await page.emulateMedia({ colorScheme: first?.colorScheme, reducedMotion: "reduce" });
      await page.goto(path);
      await waitForHydration(page);
      for (const { name, viewport, colorScheme, whole } of settings) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        // Through the whole page in this setting, as a visitor reads it: lazy pictures load, and
        // the sections drawn only as they near the screen are drawn in this setting's colours.
        await scrollThrough(page);
        // Back at the top with the header settled, so nothing is checked half-covered by it.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForFunction(() => (document.querySelector("header")?.getBoundingClientRect().top ?? 0) >= 0);
        expect(await severeViolations(page, whole(path) ? undefined : "main"), name).toEqual([]);
      }
    });
  });
}
