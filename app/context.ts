import { createContext, type RouterContextProvider } from "react-router";
import type { Services } from "../server/services.ts";

/** The process's services (database, storage, logger), set for every request by the server. */
export const servicesContext = createContext<Services>();

/** The per-request Content-Security-Policy nonce that inline scripts must carry. */
export const cspNonceContext = createContext<string | undefined>(undefined);

export function getServices(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}
