import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

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
