import type { IncomingMessage, Server, ServerResponse } from "node:http";

export interface GracefulServer {
  /**
   * Stops taking connections, lets the requests in flight finish and closes every kept-alive
   * connection as soon as it is idle; whatever is still open after `graceMs` is cut off.
   * Resolves once every connection is closed.
   */
  close(graceMs: number): Promise<void>;
}

/**
 * Prepares `server` for a graceful stop. Node's own `close()` stops listening and closes the
 * idle connections, but a kept-alive connection busy at that moment would stay open after its
 * answer and could carry further requests until its timeout: here each answer sent while
 * stopping says `Connection: close`, and a connection is closed once its last answer is out.
 */
export function gracefulServer(server: Server): GracefulServer {
  const inFlight = new Set<ServerResponse>();
  let stopping: Promise<void> | undefined;

  // Before the site's own handler, which may answer at once (the page cache).
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once("close", () => {
      inFlight.delete(res);
      if (stopping) server.closeIdleConnections();
    });
  });

  return {
    close(graceMs) {
      stopping ??= new Promise<void>((resolve) => {
        for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
        const cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
        cutOff.unref();
        server.close(() => {
          clearTimeout(cutOff);
          resolve();
        });
      });
      return stopping;
    },
  };
}
