import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll } from "vitest";
import type { IslandFiles } from "#app/lib/islands.tsx";
import { createHttpServer } from "#server/http/app.ts";
import type { Services } from "#server/services.ts";

/**
 * The real, built site (`npm run build` first) served on a loopback port over a suite's services,
 * for suites that look at what a visitor's browser receives, page cache included.
 */
const serverBundle = path.resolve("build/server/index.js");

/** The built server bundle: its page handler, its route table and its islands' files. */
export interface ServerBundle {
  createPageHandler(services: Services): RequestHandler;
  serverRoutes: ServerBuild["routes"];
  islandFiles: Record<string, IslandFiles>;
}

export async function loadServerBundle(): Promise<ServerBundle> {
  if (!existsSync(serverBundle)) throw new Error("Build the site first: npm run build");
  return (await import(pathToFileURL(serverBundle).href)) as ServerBundle;
}

export interface BuiltSite {
  base: string;
  close(): Promise<void>;
}

export async function serveBuiltSite(services: Services): Promise<BuiltSite> {
  const server: Server = createHttpServer({
    services,
    pageHandler: (await loadServerBundle()).createPageHandler(services),
    clientBuildDir: path.resolve("build/client"),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The built site served for the suite this is called in: started before its first test (over
 * the services `services` gives then) and closed after its last. Read `base` inside tests.
 */
export function serveBuiltSiteForSuite(services: () => Services): Pick<BuiltSite, "base"> {
  let site: BuiltSite | undefined;
  beforeAll(async () => {
    site = await serveBuiltSite(services());
  }, 120_000);
  afterAll(() => site?.close());
  return {
    get base() {
      if (!site) throw new Error("The built site is served from the suite's beforeAll on");
      return site.base;
    },
  };
}

export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A request as a browser sends it when revalidating (fetch would add no-cache to it), or as any
 * client may: `path` is sent as written, even when it is no valid address.
 */
export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; path?: string } = {},
) {
  return new Promise<PlainResponse>((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers ?? {},
        ...(options.path === undefined ? {} : { path: options.path }),
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers as Record<string, string>, body }),
        );
      },
    );
    outgoing.once("error", reject);
    outgoing.end(options.body);
  });
}

export interface LeafRoute {
  id: string;
  /** A sample address: dynamic segments filled with harmless values. */
  url: string;
  /** The methods the route takes: GET and HEAD with a loader or a page, POST with an action. */
  allowed: string[];
  /** The catch-all that renders the 404 page. */
  catchAll: boolean;
}

/** Every leaf route of the built site (app/routes.ts), so a new route is covered without a new test. */
export function leafRoutes(built: ServerBundle): LeafRoute[] {
  const routes = Object.values(built.serverRoutes).filter((route) => route !== undefined);
  const parents = new Set(routes.map((route) => route.parentId));
  const pathOf = (id: string | undefined): string[] => {
    const route = routes.find((candidate) => candidate.id === id);
    if (!route) return [];
    return [...pathOf(route.parentId), ...(route.path ? route.path.split("/") : [])];
  };
  const samples: Record<string, string> = { "*": "no-such-page", ":type": "feed" };
  return routes
    .filter((route) => route.index || (route.path !== undefined && !parents.has(route.id)))
    .map((route) => {
      const segments = pathOf(route.id).filter(Boolean);
      const url = `/${segments.map((segment) => samples[segment] ?? (segment.startsWith(":") ? "sample" : segment)).join("/")}`;
      const module = route.module as { loader?: unknown; action?: unknown; default?: unknown };
      const allowed = [...(module.loader || module.default ? ["GET", "HEAD"] : []), ...(module.action ? ["POST"] : [])];
      return { id: route.id, url, allowed, catchAll: segments.at(-1) === "*" };
    });
}
