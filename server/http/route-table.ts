import type { ServerBuild } from "react-router";

/**
 * The site's addresses as the route table defines them, for what the router itself does not
 * answer well: which methods an address takes (405 with Allow, 404 for any method on an unknown
 * address, OPTIONS) and its one canonical spelling (a trailing slash or other letter case gets a
 * 308 to it). Built once from the server build, so a new route is covered without more code.
 *
 * Its ranking picks the route React Router picks, and tests/integration/http-methods.test.ts
 * checks that for every route's address and its misspellings. React Router's exported `matchRoutes` would do
 * without a ranking of our own, but it compiles every route's pattern on each call: some 30
 * times the cost of this table per request (docs/decisions/0040).
 */

export interface RouteEntry {
  id: string;
  /** The full path pattern, e.g. "community/media/:id" ("" for the home page). */
  segments: string[];
  /** The methods the route answers: GET and HEAD with a loader or a page, POST with an action. */
  methods: string[];
  /** The catch-all that renders the 404 page. */
  notFound: boolean;
}

export interface ResolvedPath {
  route: RouteEntry;
  /** The path spelled as the route table spells it (dynamic segments as sent, percent-encoded). */
  canonical: string;
}

export function routeTable(build: Pick<ServerBuild, "routes">): RouteEntry[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const byId = new Map(routes.map((route) => [route.id, route]));
  const fullPath = (id: string | undefined): string[] => {
    const route = id ? byId.get(id) : undefined;
    if (!route) return [];
    const own = route.path ? route.path.split("/").filter(Boolean) : [];
    return [...fullPath(route.parentId), ...own];
  };
  const parents = new Set(routes.map((route) => route.parentId));
  return routes
    .filter((route) => route.index || (route.path !== undefined && !parents.has(route.id)))
    .map((route) => {
      const module = route.module as { loader?: unknown; action?: unknown; default?: unknown };
      const methods: string[] = [];
      if (module.loader || module.default) methods.push("GET", "HEAD");
      if (module.action) methods.push("POST");
      const segments = fullPath(route.id);
      return { id: route.id, segments, methods, notFound: segments.at(-1) === "*" };
    });
}

/** How well a route fits: every static segment counts, a catch-all least. */
function rank(route: RouteEntry): number {
  return route.segments.reduce(
    (score, segment) => score + (segment === "*" ? 0 : segment.startsWith(":") ? 1 : 3),
    route.notFound ? 0 : 1,
  );
}

/**
 * The route an address belongs to, matching static segments in any letter case, and its
 * canonical spelling; undefined only when no route (not even a catch-all) takes it.
 */
export function resolvePath(table: RouteEntry[], pathname: string): ResolvedPath | undefined {
  const parts = pathname.split("/").filter(Boolean);
  let best: ResolvedPath | undefined;
  let bestRank = -1;
  for (const route of table) {
    const canonical = matchSegments(route.segments, parts);
    if (canonical === undefined) continue;
    const score = rank(route);
    if (score > bestRank) {
      best = { route, canonical: `/${canonical.join("/")}` };
      bestRank = score;
    }
  }
  return best;
}

function matchSegments(pattern: string[], parts: string[]): string[] | undefined {
  const canonical: string[] = [];
  for (const [index, segment] of pattern.entries()) {
    if (segment === "*") return [...canonical, ...parts.slice(index)];
    const part = parts[index];
    if (part === undefined) return undefined;
    if (segment.startsWith(":")) canonical.push(part);
    else if (segment.toLowerCase() === safeDecode(part).toLowerCase()) canonical.push(segment);
    else return undefined;
  }
  return parts.length === pattern.length ? canonical : undefined;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export type RouteDecision =
  | { kind: "render" }
  | { kind: "redirect"; location: string }
  | { kind: "options"; allow: string }
  | { kind: "not-found" }
  | { kind: "method-not-allowed"; allow: string };

/**
 * What an address and method get before the router sees them. The router's own data requests
 * (`….data`) are left to it; everything else is checked against the route table. `requestPath`
 * is the path as sent: one with dot segments (`/about/%2e%2e`) or backslashes, which the URL
 * parser resolves, is sent to the address it resolves to rather than answered under its own.
 */
export function decideRoute(
  table: RouteEntry[],
  method: string,
  url: URL,
  requestPath: string = url.pathname,
): RouteDecision {
  if (url.pathname.endsWith(".data")) return { kind: "render" };
  const trimmed = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") || "/" : "/";
  const resolved = resolvePath(table, trimmed);
  if (!resolved) return { kind: "not-found" };
  const { route, canonical } = resolved;
  const reading = method === "GET" || method === "HEAD";
  if (route.notFound) return reading ? { kind: "render" } : { kind: "not-found" };
  const allow = [...route.methods, "OPTIONS"].join(", ");
  // Dynamic segments are kept as sent (still percent-encoded), static ones as the table spells them.
  if (reading && (canonical !== url.pathname || requestPath !== url.pathname)) {
    return { kind: "redirect", location: `${canonical}${url.search}` };
  }
  if (method === "OPTIONS") return { kind: "options", allow };
  if (!route.methods.includes(method)) return { kind: "method-not-allowed", allow };
  return { kind: "render" };
}
