import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSession } from "#server/domain/accounts/sessions.ts";
import { resolvePath, routeTable } from "#server/http/route-table.ts";
import { sessionCookieHeader } from "#server/http/session-guard.ts";
import { newAccount } from "./support/account-steps.ts";
import {
  type BuiltSite,
  leafRoutes,
  loadServerBundle,
  request,
  type ServerBundle,
  serveBuiltSite,
} from "./support/built-site.ts";
import { engines, openTestServices } from "./support/databases.ts";

/**
 * Every route of the built site (app/routes.ts) with every method: the methods a route takes
 * answer (never 405, never a 5xx), the others 405 with Allow, OPTIONS 204 with Allow, and an
 * unknown address 404 for any method. A new route is covered without a new test.
 */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** A signed-in manager's cookie: the admin area answers methods only to managers. */
let managerCookie = "";

function send(url: string, method: string) {
  // Signing out would end the session the other requests use: that one goes without it.
  const { pathname } = new URL(url);
  const signedIn = pathname.startsWith("/admin") && pathname !== "/admin/sign-out";
  return request(url, { method, headers: signedIn ? { cookie: managerCookie } : {} });
}

let site: BuiltSite;
let base = "";
let built: ServerBundle;
let close: () => Promise<void>;

beforeAll(async () => {
  built = await loadServerBundle();
  // On one engine, the run's first: what is checked here does not differ between them.
  const opened = await openTestServices(engines[0] ?? "sqlite", { demo: true });
  close = opened.close;
  const manager = await newAccount(opened.services, {
    email: "methods@club.test",
    password: "methods-password",
    actor: "test",
  });
  const session = await createSession(opened.services.db, manager.id, false);
  managerCookie = (await sessionCookieHeader(new Request("http://club.test/"), session)).split(";")[0] ?? "";
  site = await serveBuiltSite(opened.services);
  base = site.base;
}, 120_000);

afterAll(async () => {
  await site?.close();
  await close?.();
});

describe("every route, every method", () => {
  test("allowed methods answer, others 405 with Allow, OPTIONS 204, unknown addresses 404", async () => {
    const routes = leafRoutes(built);
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      for (const method of METHODS) {
        const { status, headers } = await send(`${base}${route.url}`, method);
        const where = `${method} ${route.url} (${route.id})`;
        expect(status, where).toBeLessThan(500);
        if (route.url === "/admin/sign-out") {
          // Sent without the session (see send): the admin guard answers first.
          expect([401, 204], where).toContain(status);
        } else if (route.catchAll) {
          expect(status, where).toBe(404);
        } else if (method === "OPTIONS") {
          expect(status, where).toBe(204);
          expect(headers.allow, where).toBe([...route.allowed, "OPTIONS"].join(", "));
        } else if (route.allowed.includes(method)) {
          expect(status, where).not.toBe(405);
        } else {
          expect(status, where).toBe(405);
          expect(headers.allow, where).toBe([...route.allowed, "OPTIONS"].join(", "));
        }
      }
    }
  }, 120_000);

  test("HEAD answers with the GET's type, length and Vary on every public page", async () => {
    for (const route of leafRoutes(built).filter((r) => r.allowed.includes("GET") && !r.catchAll)) {
      if (route.url.startsWith("/admin") || route.url.includes("sample")) continue;
      const head = await send(`${base}${route.url}`, "HEAD");
      if (head.status !== 200) continue;
      expect(head.headers["content-type"], route.url).toBeTruthy();
      expect(head.headers["content-length"], route.url).toMatch(/^\d+$/);
      expect(head.headers.vary, route.url).toContain("Accept-Encoding");
    }
  }, 60_000);
});

describe("one address per page", () => {
  test("a trailing slash or another letter case is sent to the canonical address, query kept", async () => {
    const cases = [
      ["/about/", "/about"],
      ["/join/", "/join"],
      ["/COMMUNITY/MEDIA?page=2&tag=%ED%96%89%EC%82%AC", "/community/media?page=2&tag=%ED%96%89%EC%82%AC"],
      ["/Archive/Calendar/", "/archive/calendar"],
      ["/join/WHO_WE_WANT", "/join/who_we_want"],
    ];
    for (const [from, to] of cases) {
      const answer = await send(`${base}${from}`, "GET");
      expect(answer.status, from).toBe(308);
      expect(answer.headers.location, from).toBe(to);
    }
    expect((await send(`${base}/about`, "GET")).status).toBe(200);
  });

  test("a path with dot segments is sent to the address it resolves to", async () => {
    const cases = [
      ["/about/%2e%2e", "/"],
      ["/about/%2E%2e/join", "/join"],
      ["/about/./ci", "/about/ci"],
      ["/community/media/../../join?x=1", "/join?x=1"],
    ];
    for (const [from, to] of cases) {
      const answer = await request(base, { path: from });
      expect(answer.status, from).toBe(308);
      expect(answer.headers.location, from).toBe(to);
    }
  });
});

test("the route table picks, for every address, the route React Router's own matcher picks", () => {
  const routes = Object.values(built.serverRoutes).filter((route) => route !== undefined);
  const tree = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
      );
  const routerRoutes = tree(undefined);
  const table = routeTable({ routes: built.serverRoutes });
  const addresses = leafRoutes(built).flatMap(({ url }) => [
    url,
    url.toUpperCase(),
    `${url}/`,
    `${url}/more`,
    `${url}/more/and-more`,
    url.replace(/[a-z]/, (letter) => `%${letter.charCodeAt(0).toString(16)}`),
  ]);
  expect(addresses.length).toBeGreaterThan(200);
  for (const address of addresses) {
    const trimmed = address.length > 1 ? address.replace(/\/+$/, "") : address;
    const ours = resolvePath(table, trimmed)?.route.id;
    const routers = matchRoutes(routerRoutes, address)?.at(-1)?.route.id;
    expect(ours, address).toBe(routers);
  }
});
