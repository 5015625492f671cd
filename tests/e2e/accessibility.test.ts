import { describe, expect, test } from "vitest";
import { publicPagePaths } from "#server/domain/seo/public-pages.ts";
import { severeViolations } from "./support/axe.ts";
import { setupBrowser, viewports, waitForHydration } from "./support/browser.ts";
import { firstArticlePath, scrollThrough } from "./support/pages.ts";

const { newPage } = setupBrowser();

/** Every visitor page, the 404 page and the sign-in page. */
const publicRoutes = [...publicPagePaths, "/no-such-page", "/admin/login"];

const settings = [
  { name: "phone, light", viewport: viewports.phone, colorScheme: "light" as const },
  { name: "desktop, dark", viewport: viewports.desktop, colorScheme: "dark" as const },
];

describe.each(settings)("axe-core on every public page ($name)", ({ viewport, colorScheme }) => {
  test.each([...publicRoutes, "article"])("%s has no serious or critical violations", async (route) => {
    const path = route === "article" ? await firstArticlePath() : route;
    const page = await newPage({ viewport });
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.goto(path);
    await waitForHydration(page);
    await scrollThrough(page);
    // Back at the top with the header settled, so nothing is checked half-covered by it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => (document.querySelector("header")?.getBoundingClientRect().top ?? 0) >= 0);
    const severe = await severeViolations(page);
    expect(severe).toEqual([]);
  });
});
