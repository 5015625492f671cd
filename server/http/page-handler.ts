import * as build from "virtual:react-router/server-build";
import type { Response as ExpressResponse, RequestHandler } from "express";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { SESSION_COOKIE_NAME } from "#server/domain/accounts/sessions.ts";
import {
  clientAddressContext,
  cspNonceContext,
  servicesContext,
  wholeDocumentContext,
} from "#server/http/router-context.ts";
import type { Services } from "#server/services.ts";
import { hasCachePolicy, setCachePolicy } from "./cache-policy.ts";
import { requestUrl, sendFetchResponse, toFetchRequest, withoutBody } from "./fetch-bridge.ts";
import { sendCachedPage } from "./page-cache/send-cached-page.ts";
import { decideRoute, type RouteDecision, routeTable } from "./route-table.ts";

/** The route table of this build, for tests that walk every route. */
export const serverRoutes = build.routes;

/** The islands' files of this build (decision 0038), for tests of what public pages load. */
export { default as islandFiles } from "virtual:islands-manifest";

/** Seconds a client is asked to wait before trying again while the database is unreachable. */
const RETRY_AFTER_SECONDS = "5";

/**
 * The React Router request handler with the process's services in its context. This module is
 * the server bundle's entry, so the context keys here are the very objects the routes read.
 *
 * A public page the cache may keep is rendered (a HEAD as its GET), stored, and answered from the
 * stored copy, so the first visitor gets the same headers, encodings and 304s as the next ones.
 *
 * While the database is unreachable the root route answers 503 with the error page before any
 * loader runs. A request that itself found the database gone (and failed with a 5xx) is rendered
 * once more, so it gets that 503 page too instead of a generic server error.
 */
export function createPageHandler(services: Services): RequestHandler {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  const table = routeTable(build);
  const { pageCache, availability } = services;
  return async (req, res, next) => {
    try {
      const url = requestUrl(req);
      const sentPath = req.originalUrl.startsWith("/") ? req.originalUrl.split("?")[0] : undefined;
      const decision = decideRoute(table, req.method, url, sentPath);
      // The admin area tells nobody without a session which addresses and methods it has: its
      // guard answers them first (401, or the sign-in page).
      const guarded = isAdminPath(req.path) && !req.headers.cookie?.includes(SESSION_COOKIE_NAME);
      if (decision.kind !== "render" && !guarded) return answerBeforeRendering(res, decision);
      const nonce = res.locals.cspNonce as string | undefined;
      const cacheable = pageCache.accepts(req);
      const context = () => {
        const provider = new RouterContextProvider();
        provider.set(servicesContext, services);
        provider.set(cspNonceContext, nonce);
        provider.set(clientAddressContext, req.ip ?? "unknown");
        // A page the cache may keep is read whole before it is stored anyway; rendered whole,
        // its bytes are the same whoever asked and however busy the process was.
        provider.set(wholeDocumentContext, cacheable);
        return provider;
      };
      // A HEAD is rendered as its GET, so it carries the same headers (Node sends no body).
      const method = req.method === "HEAD" ? "GET" : undefined;
      const render = async (options: { shared: boolean }) => {
        const wasAvailable = availability.available;
        // A render shared by several visitors finishes even if the first of them leaves.
        const fetchOptions = { method, abortWhenClosed: !options.shared };
        const request = toFetchRequest(req, res, fetchOptions);
        let response = await handle(request, context());
        if (response.status >= 500 && wasAvailable && !availability.available) {
          await response.body?.cancel();
          response = await handle(withoutBody(request), context());
        }
        if (response.status === 503) {
          response.headers.set("Retry-After", RETRY_AFTER_SECONDS);
          setCachePolicy(response.headers, "none");
        }
        // The admin area's guard refuses an editor an owner's page (403) before the area's own
        // headers are set: that page is not stored by any cache either.
        if (isAdminPath(url.pathname) && !hasCachePolicy(response.headers)) {
          setCachePolicy(response.headers, "none");
        }
        return response;
      };
      if (cacheable) {
        const rendered = await pageCache.renderOnce(req, async (generation) => {
          const response = await render({ shared: true });
          const baseHeaders = res.getHeaders();
          return (await pageCache.store({ req, response, baseHeaders, nonce, generation })) ?? response;
        });
        if (rendered instanceof Response) return await sendFetchResponse(res, rendered);
        if (rendered) return sendCachedPage(req, res, rendered);
        // The render this request waited for made nothing to share: it renders its own.
      }
      await sendFetchResponse(res, await render({ shared: false }));
    } catch (error) {
      next(error);
    }
  };
}

function isAdminPath(path: string): boolean {
  return /^\/admin(\/|$)/i.test(path) && !/^\/admin\/login\/?$/i.test(path);
}

/** Redirects to the canonical address, OPTIONS, and methods or addresses no route takes. */
function answerBeforeRendering(res: ExpressResponse, decision: Exclude<RouteDecision, { kind: "render" }>) {
  setCachePolicy(res, "none");
  switch (decision.kind) {
    case "redirect":
      setCachePolicy(res, { maxAge: 3600 });
      res.redirect(308, decision.location);
      return;
    case "options":
      res.set("Allow", decision.allow).status(204).end();
      return;
    case "method-not-allowed":
      res.set("Allow", decision.allow).status(405).type("text/plain");
      res.send("Method Not Allowed: 이 주소는 그 방식의 요청을 받지 않습니다.");
      return;
    case "not-found":
      res.status(404).type("text/plain").send("Not Found: 없는 주소입니다.");
      return;
  }
}
