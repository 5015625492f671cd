import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import routeConfig from "#app/routes.ts";
import { createSession } from "#server/domain/accounts/sessions.ts";
import { adminNavigation, roleForAdminPath } from "#server/domain/write/admin-pages.ts";
import { createHttpApp } from "#server/http/app.ts";
import { sessionCookieHeader } from "#server/http/session-guard.ts";
import type { Services } from "#server/services.ts";
import { buildDir, type ManifestRoute, readBuildManifest } from "../support/build-manifest.ts";
import { newAccount } from "./support/account-steps.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * Every route in app/routes.ts and every route module that exports an action, checked against
 * the real app (the production build, as `npm start` serves it) on each database. A route added
 * later is covered without touching this file; one that forgets the guard fails here.
 */

/**
 * Routes under /admin that answer without a session: the steps of signing in (a password, its
 * second factor, a passkey), and the pages a one-time link opens (an invitation, a password
 * reset), where the link is the permission. Each is tested where it is built (second-factors,
 * sign-in and managers tests).
 */
const SIGN_IN_ROUTES = ["routes/admin/login", "routes/admin/login-verify", "routes/admin/login-passkey"];
const LINK_ROUTES = ["routes/admin/invite", "routes/admin/reset-password"];
const ANONYMOUS_ADMIN_ROUTES = new Set([...SIGN_IN_ROUTES, ...LINK_ROUTES]);
/**
 * Actions a visitor may call without a session: signing in, using a one-time link, and the
 * public site's measurement endpoints (`/api/page-views`, `/api/web-vitals`: writes by design
 * that count nothing but views and timings). Every other action must refuse anonymous requests;
 * all of them refuse cross-site posts.
 */
const PUBLIC_ACTIONS = new Set([
  ...SIGN_IN_ROUTES,
  ...LINK_ROUTES,
  "routes/resources/page-views",
  "routes/resources/web-vitals",
]);

interface AppRoute {
  id: string;
  file: string;
  /** The address with its parameters filled in. */
  path: string;
  /** The address has parameters: filled with "test", it names no record (a 404 in the shell). */
  parameterized: boolean;
  index: boolean;
  manifest: ManifestRoute;
}

/** The route table as the router sees it: ids, files and full addresses. */
function flattenRoutes(entries: RouteConfigEntry[], parentPath = ""): Omit<AppRoute, "manifest">[] {
  return entries.flatMap((entry) => {
    const id = entry.id ?? entry.file.replace(/\.[tj]sx?$/, "");
    const own = entry.path ? `${parentPath}/${entry.path}` : parentPath;
    const route = {
      id,
      file: entry.file,
      path: fillParameters(own || "/"),
      parameterized: /\/:/.test(own),
      index: !!entry.index,
    };
    return [route, ...flattenRoutes(entry.children ?? [], own)];
  });
}

function fillParameters(pattern: string): string {
  return pattern
    .replace(/\/:[A-Za-z0-9_]+\??/g, "/test")
    .replace(/\/\*$/, "/unknown-page")
    .replace(/\?(?=\/|$)/g, "");
}

const manifest = readBuildManifest().routes;
const routes: AppRoute[] = flattenRoutes(routeConfig).map((route) => {
  const entry = manifest[route.id];
  if (!entry) {
    throw new Error(`The build has no route "${route.id}": run \`npm run build\` again.`);
  }
  return { ...route, manifest: entry };
});
const isAdmin = (route: AppRoute) => route.path === "/admin" || route.path.startsWith("/admin/");
const guarded = routes.filter((route) => isAdmin(route) && !ANONYMOUS_ADMIN_ROUTES.has(route.id));
/** One route per address (a layout and its index share one). */
const guardedAddresses = [...new Map(guarded.map((route) => [route.path, route])).values()];
const actions = routes.filter((route) => route.manifest.hasAction);
const dataUrl = (route: AppRoute) => `${route.path}.data${route.index ? "?index" : ""}`;
const documentUrl = (route: AppRoute) => `${route.path}${route.index ? "?index" : ""}`;

/** What only a signed-in page shows: the admin navigation. */
const ADMIN_MARKER = 'aria-label="관리 메뉴"';

/** Addresses only an owner may open or post to (pages, their data, resource routes, endpoints). */
const ownerOnly = guarded.filter((route) => roleForAdminPath(route.path) === "owner");
const ownerAddresses = [...new Map(ownerOnly.map((route) => [route.path, route])).values()];
/** Every owner-only write endpoint of the content types, besides the routes above. */
const ownerEndpoints = ["accounts", "site-settings", "home"].map((name) => `/admin/api/${name}`);
/** The navigation links an editor must not see. */
const ownerLinks = adminNavigation("owner")
  .flatMap((group) => group.items)
  .filter((item) => roleForAdminPath(item.to) === "owner");

test("the build and app/routes.ts list the same routes", () => {
  const fromConfig = new Set(["root", ...routes.map((route) => route.id)]);
  expect(new Set(Object.keys(manifest))).toEqual(fromConfig);
  expect(guarded.length).toBeGreaterThanOrEqual(14);
  // The backup pages, setup, handover, managers and settings at least.
  expect(ownerAddresses.length).toBeGreaterThanOrEqual(7);
  expect(ownerLinks.length).toBeGreaterThanOrEqual(4);
  expect(manifest["routes/admin/login"]?.hasAction).toBe(true);
  for (const id of PUBLIC_ACTIONS) {
    if (manifest[id]) expect(manifest[id].hasAction, id).toBe(true);
  }
});

describeEachDatabase(
  "every route refuses anonymous accounts' requests",
  (services) => {
    let server: Server;
    let base = "";
    beforeAll(async () => {
      const built = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as {
        createPageHandler(services: Services): RequestHandler;
      };
      const app = createHttpApp({
        services: services(),
        pageHandler: built.createPageHandler(services()),
        clientBuildDir: path.join(buildDir, "client"),
      });
      server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const request = (url: string, init: RequestInit = {}) => fetch(`${base}${url}`, { redirect: "manual", ...init });

    describe("pages", () => {
      test.each(guardedAddresses.map((route) => [route.path, route] as const))(
        "GET %s as a page redirects to sign-in with the way back, showing nothing",
        async (_path, route) => {
          const response = await request(route.path, { headers: { Accept: "text/html" } });
          expect(response.status).toBe(302);
          const back = route.path === "/admin" ? "" : `?redirectTo=${encodeURIComponent(route.path)}`;
          expect(response.headers.get("location")).toBe(`/admin/login${back}`);
          expect(await response.text()).not.toContain(ADMIN_MARKER);
        },
      );

      test.each(guardedAddresses.map((route) => [route.path, route] as const))(
        "GET %s as a client-side navigation (.data) redirects to sign-in",
        async (_path, route) => {
          const response = await request(dataUrl(route));
          const body = await response.text();
          expect(body).toContain("SingleFetchRedirect");
          expect(body).toContain('"/admin/login');
          expect(body).not.toContain("email");
        },
      );

      test.each(guardedAddresses.map((route) => [route.path, route] as const))(
        "GET %s from a script (not a page) answers 401",
        async (_path, route) => {
          const response = await request(route.path, { headers: { Accept: "*/*" } });
          expect(response.status).toBe(401);
          expect(await response.text()).not.toContain(ADMIN_MARKER);
        },
      );
    });

    describe("writes", () => {
      const writable = [
        ...new Map(
          [...guarded, ...actions.filter((route) => !PUBLIC_ACTIONS.has(route.id))].map((route) => [route.id, route]),
        ).values(),
      ];

      test.each(writable.map((route) => [route.id, route] as const))(
        "%s refuses an anonymous POST, PUT, PATCH and DELETE with 401",
        async (_id, route) => {
          for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
            const response = await request(documentUrl(route), {
              method,
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
              body: "intent=anything",
            });
            expect(response.status, `${method} ${route.path}`).toBe(401);
          }
          const data = await request(dataUrl(route), {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "intent=anything",
          });
          expect(data.status, `POST ${dataUrl(route)}`).toBe(401);
        },
      );

      test.each(actions.map((route) => [route.id, route] as const))(
        "%s refuses a form posted from another site with 403",
        async (_id, route) => {
          const fromAnotherSite: Record<string, string>[] = [
            { "Sec-Fetch-Site": "cross-site", Origin: "https://attacker.example" },
            { Origin: "https://attacker.example" },
          ];
          for (const headers of fromAnotherSite) {
            const response = await request(documentUrl(route), {
              method: "POST",
              headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
              body: "email=manager%40club.test&password=guess",
            });
            expect(response.status).toBe(403);
          }
        },
      );
    });

    describe("with a session", () => {
      let cookie = "";
      beforeAll(async () => {
        const { db } = services();
        const manager = await newAccount(services(), {
          email: "manager@club.test",
          password: "manager-pass",
          actor: "system",
        });
        const session = await createSession(db, manager.id, false);
        const header = await sessionCookieHeader(new Request("http://club.test/"), session);
        cookie = header.split(";")[0] ?? "";
      });

      test.each(
        guardedAddresses
          .filter((route) => route.manifest.hasDefaultExport)
          .map((route) => [route.path, route] as const),
      )("%s opens inside the admin shell, so the refusals above are the guard's doing", async (_path, route) => {
        const response = await request(route.path, {
          headers: { Accept: "text/html", Cookie: cookie },
        });
        const unknown = route.path.endsWith("/unknown-page") || route.parameterized;
        expect(response.status).toBe(unknown ? 404 : 200);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(await response.text()).toContain(ADMIN_MARKER);
      });
    });

    describe("as an editor", () => {
      let cookie = "";
      beforeAll(async () => {
        const { db } = services();
        const editor = await newAccount(services(), {
          email: "editor@club.test",
          password: "editor-pass",
          actor: "system",
          role: "editor",
        });
        const session = await createSession(db, editor.id, false);
        const header = await sessionCookieHeader(new Request("http://club.test/"), session);
        cookie = header.split(";")[0] ?? "";
      });

      test.each(ownerAddresses.map((route) => [route.path, route] as const))(
        "%s is refused with 403: the 403 page for a page, the write answer for anything else",
        async (_path, route) => {
          if (route.manifest.hasAction) {
            const post = await request(documentUrl(route), {
              method: "POST",
              headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
              body: "intent=anything",
            });
            expect(post.status).toBe(403);
            expect(await post.json()).toMatchObject({ ok: false, status: 403 });
          }
          // A route with an action only (the restore upload) answers other methods 405 before any guard.
          if (!route.manifest.hasLoader && !route.manifest.hasDefaultExport) return;
          const page = await request(documentUrl(route), { headers: { Accept: "text/html", Cookie: cookie } });
          expect(page.status).toBe(403);
          const html = await page.text();
          if (route.manifest.hasDefaultExport) expect(html).toContain("사이트 소유자만 열 수 있습니다");
          expect(html).not.toContain(ADMIN_MARKER);
          const data = await request(dataUrl(route), { headers: { Cookie: cookie } });
          expect(data.status).toBe(403);
          const script = await request(route.path, { headers: { Accept: "*/*", Cookie: cookie } });
          expect(script.status).toBe(403);
          expect(await script.json()).toMatchObject({
            ok: false,
            status: 403,
            message: expect.stringContaining("소유자"),
          });
        },
      );

      test.each(ownerEndpoints)("POST %s is refused with 403 in the one answer shape, in Korean", async (url) => {
        for (const intent of ["invite", "set-role", "save", "anything"]) {
          const response = await request(url, {
            method: "POST",
            headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
            body: `intent=${intent}&note=x&role=owner&id=x`,
          });
          expect(response.status, `${url} ${intent}`).toBe(403);
          expect(await response.json()).toMatchObject({ ok: false, status: 403 });
        }
      });

      test.each(
        guardedAddresses
          .filter((route) => route.manifest.hasDefaultExport && roleForAdminPath(route.path) === "editor")
          .map((route) => [route.path, route] as const),
      )("%s opens for an editor and shows nothing owner-only", async (_path, route) => {
        const response = await request(route.path, { headers: { Accept: "text/html", Cookie: cookie } });
        const unknown = route.path.endsWith("/unknown-page") || route.parameterized;
        expect(response.status).toBe(unknown ? 404 : 200);
        const html = await response.text();
        expect(html).toContain(ADMIN_MARKER);
        // The navigation (drawn twice: the side bar and the phone's menu) and the dashboard's cards.
        const navigation = html.match(/<nav aria-label="관리 메뉴"[\s\S]*?<\/nav>/g) ?? [];
        expect(navigation.length).toBeGreaterThan(0);
        for (const link of ownerLinks) {
          for (const nav of navigation) expect(nav, link.to).not.toContain(`href="${link.to}"`);
        }
        if (route.path === "/admin") {
          for (const link of ownerLinks) expect(html, link.to).not.toContain(`href="${link.to}"`);
          expect(html).not.toContain("최근 거부된 로그인");
        }
      });
    });
  },
  { demo: true },
);
