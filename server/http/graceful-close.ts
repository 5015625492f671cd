import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

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
 * Only each connection's latest response is remembered (a map entry, no listener per request):
 * a cache hit costs microseconds, and a listener per response was a noticeable part of it.
 */
export function gracefulServer(server: Server): GracefulServer {
  const latest = new Map<Socket, ServerResponse>();
  let stopping: Promise<void> | undefined;

  server.on("connection", (socket: Socket) => {
    socket.once("close", () => latest.delete(socket));
  });
  // Before the site's own handler, which may answer at once (the page cache).
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
    else latest.set(req.socket, res);
  });

  return {
    close(graceMs) {
      stopping ??= new Promise<void>((resolve) => {
        for (const res of latest.values()) {
          if (res.writableFinished) continue; // Its connection is idle: close() ends it.
          if (!res.headersSent) res.shouldKeepAlive = false;
          else res.once("close", () => server.closeIdleConnections());
        }
        latest.clear();
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
