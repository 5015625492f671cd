import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { createHttpServer } from "#server/http/app.ts";
import type { Services } from "#server/services.ts";

/**
 * The real, built site (`npm run build` first) served on a loopback port over a suite's services,
 * for suites that look at what a visitor's browser receives, page cache included.
 */
const serverBundle = path.resolve("build/server/index.js");

/** The built server bundle: its page handler and its route table. */
export interface ServerBundle {
  createPageHandler(services: Services): RequestHandler;
  serverRoutes: ServerBuild["routes"];
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

export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A request as a browser sends it when revalidating (fetch would add no-cache to it). */
export function request(url: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<PlainResponse>((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: options.method ?? "GET", headers: options.headers ?? {} },
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
    outgoing.end();
  });
}
