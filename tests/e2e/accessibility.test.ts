import { describe, expect, test } from "vitest";
import { publicPagePaths } from "#server/domain/seo/public-pages.ts";
import { severeViolations } from "./support/axe.ts";
import { setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { firstArticlePath, scrollThrough } from "./support/pages.ts";

const { newPage } = setupBrowser();

/** Every visitor page, the 404 page and the sign-in page. */
const publicRoutes = [...publicPagePaths, "/no-such-page", "/admin/login"];

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

describe("axe-core on every public page (phone in light, desktop in dark)", () => {
  test.each([...publicRoutes, "article"])("%s has no serious or critical violations", async (route) => {
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
