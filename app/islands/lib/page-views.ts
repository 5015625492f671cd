/**
 * Reports one view of `path` to the site's own endpoint (decision 0006). Only the path is sent,
 * without cookies; the request outlives the page (keepalive), so a quick click onwards does not
 * lose it. The short answer is read to its end: until it is, Chromium keeps the request open, and
 * a page with a request that never ends is never idle to tools that wait for quiet (Lighthouse
 * waited out its 45 s limit on every page).
 */
export function reportPageView(path: string): void {
  fetch("/api/page-views", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ path }),
    credentials: "omit",
    keepalive: true,
  })
    .then((response) => response.text())
    .catch(() => {
      // Counting views must never disturb the page: a lost report is simply not counted.
    });
}

/**
 * A view per page load, and one more whenever the browser shows the page again from its
 * back-forward cache (no load happens then, but the visitor sees the page again).
 */
export function reportPageViews(): void {
  reportPageView(window.location.pathname);
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) reportPageView(window.location.pathname);
  });
}
