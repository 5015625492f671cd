import type { RequestHandler } from "express";
import type { Level } from "pino";
import { pinoHttp } from "pino-http";
import { withoutLinkToken } from "#server/domain/accounts/links.ts";
import type { Logger } from "#server/logger.ts";

/** A request that takes this long is worth a warning, whatever its answer. */
export const SLOW_REQUEST_MS = 1000;

/** The probes a proxy or container runtime asks every few seconds: never logged. */
const PROBES = new Set(["/livez", "/readyz", "/healthz"]);

/**
 * One log line per request, at a level that says whether anyone needs to read it: a page or an
 * asset answered as asked is `debug` (shown with LOG_LEVEL=debug), so the default `info` log of
 * a busy site, or of a first start with its one-time password, is not a stream of requests.
 *
 * - an error of the server (5xx, or a request that failed before answering): `error`;
 * - a 503 while the database is away: `warn` (the database layer logs the outage once);
 * - a request slower than `slowMs` (1 second unless told), whatever its answer: `warn`;
 * - a request refused as the client's mistake (4xx): `info`;
 * - everything else: `debug`.
 */
export function requestLogLevel(status: number, elapsedMs: number, failed: boolean, slowMs = SLOW_REQUEST_MS): Level {
  if (failed || (status >= 500 && status !== 503)) return "error";
  if (status >= 500 || elapsedMs >= slowMs) return "warn";
  if (status >= 400) return "info";
  return "debug";
}

/** Logs every request but the probes, at its `requestLogLevel`, with a one-time link's token hidden. */
export function requestLogger(logger: Logger, options: { slowMs?: number } = {}): RequestHandler {
  const startedAt = new WeakMap<object, number>();
  const log = pinoHttp({
    logger,
    customLogLevel: (_req, res, error) =>
      requestLogLevel(
        res.statusCode,
        performance.now() - (startedAt.get(res) ?? performance.now()),
        error !== undefined,
        options.slowMs,
      ),
    autoLogging: { ignore: (req) => PROBES.has(req.url ?? "") },
    serializers: {
      req: (req: { method: string; url: string; id: unknown }) => ({
        id: req.id,
        method: req.method,
        // A one-time link's token is as good as a password while it lasts: never in the log.
        url: withoutLinkToken(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return (req, res, next) => {
    startedAt.set(res, performance.now());
    log(req, res, next);
  };
}
