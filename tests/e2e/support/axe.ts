import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * The serious and critical WCAG 2.2 AA violations axe-core finds on the page (within `include`,
 * a selector, when given), each with up to five of its places.
 */
export async function severeViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
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
