import { hideHeaderOnScroll } from "./lib/header.ts";
import { enhanceMenus } from "./lib/menus.ts";
import { reportPageViews } from "./lib/page-views.ts";
import { measureWebVitals } from "./lib/web-vitals.ts";

/**
 * What every public page does in the browser: count the view, measure the visit's web vitals,
 * hide the header on the way down and finish the menus. Each page is a document of its own, so
 * the browser starts it at the top and this runs once per page.
 */
export default function startSite(): void {
  reportPageViews();
  measureWebVitals();
  const header = document.querySelector<HTMLElement>("[data-site-header]");
  if (header) hideHeaderOnScroll(header);
  enhanceMenus();
}
