import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Reports each page the visitor sees to the site's own endpoint: on the first load and on every
 * later change of address. Only the path is sent, without cookies; the request outlives the page
 * (keepalive) so a quick click onwards does not lose it.
 */
export function PageViewReporter() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query string is a new view, though only the path is reported
  useEffect(() => {
    fetch("/api/page-views", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: pathname }),
      credentials: "omit",
      keepalive: true,
    }).catch(() => {
      // Counting views must never disturb the page: a lost report is simply not counted.
    });
  }, [pathname, search]);
  return null;
}
