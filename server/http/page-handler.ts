import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider } from "react-router";
import { clientAddressContext, cspNonceContext, servicesContext } from "../../app/context.ts";
import type { Services } from "../services.ts";

/**
 * The React Router request handler with the process's services in its context. This module is
 * the server bundle's entry, so the context keys here are the very objects the routes read.
 */
export function createPageHandler(services: Services) {
  return createRequestHandler({
    build,
    mode: process.env.NODE_ENV === "production" ? "production" : "development",
    getLoadContext(request, response) {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(cspNonceContext, response.locals.cspNonce as string | undefined);
      context.set(clientAddressContext, request.ip ?? "unknown");
      return context;
    },
  });
}
