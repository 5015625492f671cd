import * as build from "virtual:react-router/server-build";
import type { RequestHandler } from "express";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { clientAddressContext, cspNonceContext, servicesContext } from "../../app/context.ts";
import type { Services } from "../services.ts";
import { sendFetchResponse, toFetchRequest } from "./fetch-bridge.ts";

/** Seconds a client is asked to wait before trying again while the database is unreachable. */
const RETRY_AFTER_SECONDS = "5";

/**
 * The React Router request handler with the process's services in its context. This module is
 * the server bundle's entry, so the context keys here are the very objects the routes read.
 *
 * While the database is unreachable the root route answers 503 with the error page before any
 * loader runs. A request that itself found the database gone (and failed with a 5xx) is rendered
 * once more, so it gets that 503 page too instead of a generic server error.
 */
export function createPageHandler(services: Services): RequestHandler {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  return async (req, res, next) => {
    try {
      const context = () => {
        const provider = new RouterContextProvider();
        provider.set(servicesContext, services);
        provider.set(cspNonceContext, res.locals.cspNonce as string | undefined);
        provider.set(clientAddressContext, req.ip ?? "unknown");
        return provider;
      };
      const wasAvailable = services.availability.available;
      let response = await handle(toFetchRequest(req, res), context());
      if (response.status >= 500 && wasAvailable && !services.availability.available) {
        await response.body?.cancel();
        response = await handle(toFetchRequest(req, res, { withoutBody: true }), context());
      }
      if (response.status === 503) {
        response.headers.set("Retry-After", RETRY_AFTER_SECONDS);
        response.headers.set("Cache-Control", "no-store");
      }
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
