import type { WebVitalName } from "#shared/web-vitals.ts";

const WEB_VITALS_ENDPOINT = "/api/web-vitals";

/**
 * Measures the visit with the `web-vitals` library and reports it to the site's own endpoint
 * (decision 0017). The library is fetched only once the page has loaded and the browser is idle,
 * so it costs the page nothing while it appears; its observers still see what happened before
 * (they read the buffered entries). The metrics belong to the page the visitor landed on.
 *
 * Reports leave in one `sendBeacon` whenever the page is hidden (switching tabs, closing, going
 * to another page), which outlives the page. Each metric is sent once: a value the library
 * revises after the page comes back is not sent again, so no visit counts twice.
 */
export function measureWebVitals(): void {
  const path = window.location.pathname;
  const queue = new Map<WebVitalName, number>();
  const sent = new Set<string>();

  const flush = () => {
    if (queue.size === 0 || typeof navigator.sendBeacon !== "function") return;
    const metrics = [...queue].map(([name, value]) => ({ name, value }));
    queue.clear();
    const body = new Blob([JSON.stringify({ path, metrics })], { type: "application/json" });
    navigator.sendBeacon(WEB_VITALS_ENDPOINT, body);
  };
  const onHidden = () => {
    if (document.visibilityState === "hidden") flush();
  };

  const start = async () => {
    const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import("web-vitals");
    const collect = (metric: { name: WebVitalName; id: string; value: number }) => {
      if (sent.has(metric.id)) return;
      sent.add(metric.id);
      queue.set(metric.name, metric.value);
    };
    for (const observe of [onCLS, onFCP, onINP, onLCP, onTTFB]) observe(collect);
    // Shows that the visit is being measured (the browser tests wait for it).
    document.documentElement.dataset.webVitals = "measuring";
  };
  const whenIdle = () => {
    const run = () => {
      start().catch(() => {
        // Measuring must never disturb the page: without the library nothing is reported.
      });
    };
    if ("requestIdleCallback" in window) window.requestIdleCallback(run, { timeout: 5000 });
    else setTimeout(run, 1);
  };

  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
  // On the window and not capturing: after the library's own listeners have reported the final
  // values of the metrics that end when the page is hidden.
  window.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", flush);
}
