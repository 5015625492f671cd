import type { Services } from "#server/services.ts";
import { withTimeout } from "#shared/timeout.ts";

/** A health check answers within a few seconds: a load balancer or container runtime is waiting. */
const CHECK_TIMEOUT_MS = 2500;

export interface Health {
  status: "ok" | "unavailable";
  database: "ok" | "failed";
  storage: "ok" | "failed";
  /** The content revision this process serves: scripts that changed content can wait for it. */
  revision?: number | undefined;
}

/**
 * What `/readyz` (and its older name `/healthz`) answers: whether the database and the file
 * storage each answer right now. Liveness (`/livez`) asks nothing of either: a process whose
 * database is away still serves its cached pages and the 503 page, so a proxy must keep sending
 * it requests (decision 0035).
 */
export async function checkHealth(services: Services): Promise<Health> {
  const [database, storage] = await Promise.all([
    withTimeout(services.availability.check(), CHECK_TIMEOUT_MS).catch(() => false),
    withTimeout(services.storage.check(), CHECK_TIMEOUT_MS).then(
      () => true,
      () => false,
    ),
  ]);
  return {
    status: database && storage ? "ok" : "unavailable",
    database: database ? "ok" : "failed",
    storage: storage ? "ok" : "failed",
    revision: services.pageCache.revision?.revision,
  };
}
