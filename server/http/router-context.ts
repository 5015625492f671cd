import { createContext, type RouterContextProvider } from "react-router";
import type { ActiveSession } from "#server/domain/accounts/sessions.ts";
import type { Services } from "#server/services.ts";

/** The process's services (database, storage, logger), set for every request by the server. */
export const servicesContext = createContext<Services>();

/** The per-request Content-Security-Policy nonce that inline scripts must carry. */
export const cspNonceContext = createContext<string | undefined>(undefined);

/**
 * Whether the document is rendered whole before its first byte goes out, as for a crawler: set
 * for an answer the page cache may keep, whose bytes (and so its ETag) must not depend on the
 * user agent or on how fast the parts of the render were ready (page-handler.ts).
 */
export const wholeDocumentContext = createContext<boolean>(false);

/** The client's address as Express reads it (from the proxy's headers with TRUST_PROXY). */
export const clientAddressContext = createContext<string>("unknown");

/** The request's manager session once looked up (`session` is null when there is none). */
export const sessionContext = createContext<{ session: ActiveSession | null } | null>(null);

export function getServices(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}
