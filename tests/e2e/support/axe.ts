import axe from "axe-core";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { setupBrowser, viewports, waitForHydration } from "./browser.ts";
import { firstArticlePath, scrollThrough } from "./pages.ts";

/** The rules checked: WCAG 2.2 AA and what it takes over from 2.0 and 2.1. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The serious and critical WCAG 2.2 AA violations axe-core finds on the page (within `include`,
 * a selector, when given), each with up to five of its places.
 */
export async function severeViolations(page: Page, include?: string) {
  // axe-core runs in the page, put there once per document (a second check of the same page, in
  // another setting, finds it there), in every frame, as its own runner needs. Playwright's
  // wrapper (@axe-core/playwright) sent and compiled its 560 KB twice per check and sent back
  // every passing element too: 0.87 s a check against 0.32 s this way.
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(axe.source);
  }
  const violations = await page.evaluate(
    async ({ include, tags }) => {
      // Parts of a public page are drawn only as they near the screen (content-visibility: auto).
      // axe reads a text's background at the moment it scrolls to it, which can come before that
      // part is drawn: its light footer text would then be judged against the page's white. Drawn
      // all at once, the check is about the colours alone.
      for (const element of document.querySelectorAll<HTMLElement>("body *")) {
        if (getComputedStyle(element).contentVisibility === "auto") element.style.contentVisibility = "visible";
      }
      // The colours at rest: after a change of colour scheme the page's colour transitions are
      // still running (an element's starts only when its style is next read, as axe reads it),
      // and a text caught between light and dark fails for a contrast it never keeps.
      const atRest = new CSSStyleSheet();
      atRest.replaceSync("*, *::before, *::after { transition: none !important; }");
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, atRest];
      try {
        const { axe } = window as unknown as { axe: typeof import("axe-core") };
        const results = await axe.run(include ?? document, {
          runOnly: { type: "tag", values: tags },
          // Only the violations are read: the passing elements are not gathered.
          resultTypes: ["violations"],
        });
        return results.violations.map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(" ")),
        }));
      } finally {
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== atRest);
      }
    },
    { include, tags: WCAG_TAGS },
  );
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ ...violation, targets: violation.targets.slice(0, 5) }));
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
