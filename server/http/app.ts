import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type RequestHandler } from "express";
import type { Services } from "#server/services.ts";
import { type CachePolicy, setCachePolicy } from "./cache-policy.ts";
import { refuseCrossSiteWrites } from "./cross-site.ts";
import { decodablePath, validHost } from "./fetch-bridge.ts";
import { checkHealth } from "./health.ts";
import { requestLogger } from "./request-log.ts";
import { securityHeaders } from "./security-headers.ts";
import { serveStoredFiles } from "./stored-files.ts";

export interface HttpAppOptions {
  services: Services;
  /** Renders pages and answers route actions: the React Router handler. */
  pageHandler: RequestHandler;
  /** The built browser assets (production only); Vite serves them in development. */
  clientBuildDir?: string | undefined;
  /** Vite's middleware in development. */
  devMiddleware?: RequestHandler | undefined;
  /** Earlier builds' hashed files (asset-archive.ts), served when the current build lacks one. */
  assetArchiveDir?: string | undefined;
}

/** A missing file under a file folder is a plain 404, not a rendered page. */
const notFound: RequestHandler = (_req, res) => {
  res.status(404).type("text/plain").send("Not found");
};

export function createHttpApp(options: HttpAppOptions): express.Express {
  const { services } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", services.config.trustProxy);

  app.use(requestLogger(services.logger));
  // A Host no address can be made of, or a path whose escapes do not decode, is the client's
  // mistake: 400, before anything reads it.
  app.use((req, res, next) => {
    if (!validHost(req.get("host"))) {
      res.status(400).type("text/plain").send("Bad Request: malformed Host header");
    } else if (!decodablePath(req.path)) {
      res.status(400).type("text/plain").send("Bad Request: malformed address");
    } else next();
  });
  const siteUrl = services.config.siteUrl ?? "";
  app.use(
    securityHeaders({
      https: siteUrl.startsWith("https://"),
      development: options.devMiddleware !== undefined,
    }),
  );
  // Uploaded files come before compression: they are compressed formats already (WebP, PDF),
  // and a compressed byte range would not be the range asked for.
  app.use(services.storage.urlPrefix, serveStoredFiles(services.storage, services.logger), notFound);
  app.use(compression());
  app.use(refuseCrossSiteWrites({ trustedOrigins: siteUrl ? [siteUrl] : [] }));

  // Liveness: the process answers, so it can serve cached pages and the 503 page whatever its
  // database does. Readiness: the database and the storage answer too.
  app.get("/livez", (_req, res) => {
    setCachePolicy(res, "none");
    res.json({ status: "ok" });
  });
  app.get(["/readyz", "/healthz"], async (_req, res) => {
    const health = await checkHealth(services);
    setCachePolicy(res, "none");
    res.status(health.status === "ok" ? 200 : 503).json(health);
  });

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else if (options.clientBuildDir) {
    // Hashed file names: safe to cache for a year. Everything else in the folder: one hour.
    const hashedFiles = staticFiles("immutable");
    app.use(
      "/assets",
      express.static(path.join(options.clientBuildDir, "assets"), hashedFiles),
      ...(options.assetArchiveDir ? [express.static(options.assetArchiveDir, hashedFiles)] : []),
      notFound,
    );
    app.use(express.static(options.clientBuildDir, staticFiles({ maxAge: 60 * 60 })));
  }

  app.use(options.pageHandler);
  return app;
}

/** express.static's options for a folder of files answered under `policy`. */
function staticFiles(policy: CachePolicy) {
  return {
    cacheControl: false,
    setHeaders: (res: ServerResponse) => setCachePolicy(res, policy),
    index: false as const,
    redirect: false,
  };
}

/**
 * The HTTP server: a page the cache holds, or is rendering right now, is answered before Express
 * sees the request (no middleware, no logging line: the cache hit is the fast path); everything
 * else goes through the app above. A request without a body (no Content-Length or Transfer-Encoding) gets an
 * already-ended stream instead of one that must run to its end: some 5% of a cache hit.
 */
export function createHttpServer(options: HttpAppOptions): Server {
  const app = createHttpApp(options);
  const { pageCache } = options.services;
  return createServer({ optimizeEmptyRequests: true }, (req, res) => {
    if (!pageCache.serve(req, res, app)) {
      discardUnreadBodyAfterAnswer(req, res);
      app(req, res);
    }
  });
}

/**
 * A body the answer did not need (a 413 decided from Content-Length, a refusal before reading)
 * is read off the wire and thrown away once the answer is sent, as Node does for a body nobody
 * touched. The Fetch bridge pauses the socket when its stream's queue is full, and Node does not
 * discard a body once reading began: the next request on that kept-alive connection would wait
 * unread until the keep-alive timeout closed it, and the client would see a reset. A client that
 * keeps sending long after its answer loses the connection instead.
 */
const MAX_DISCARDED_BYTES = 8 * 1024 * 1024;

function discardUnreadBodyAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined) return;
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    let discarded = 0;
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      discarded += chunk.byteLength;
      if (discarded > MAX_DISCARDED_BYTES) req.socket.destroy();
    });
    req.resume();
  });
}
