import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * Between Express and the Fetch API the router speaks: a Request made from Express's request
 * (refusing a malformed Host instead of failing on it), and a Response written back.
 */

/** A client sent something no Request can be made of: answered 400. */
export class MalformedRequestError extends Error {
  override name = "MalformedRequestError";
  readonly status = 400;
}

/**
 * A host as RFC 3986 allows it in a Host header: a name or IPv4 address, or an IPv6 address in
 * brackets, with an optional port of 1-65535.
 */
const MAX_HOST_LENGTH = 270;
const HOST = /^(?:[A-Za-z0-9-._~!$&'()*+,;=%]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

export function validHost(host: string | undefined): host is string {
  // A DNS name is at most 253 characters; with brackets and a port, a valid Host stays far below.
  if (!host || host.length > MAX_HOST_LENGTH) return false;
  const match = HOST.exec(host);
  if (!match) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/** The address the request was made to, as the browser saw it. */
export function requestUrl(req: ExpressRequest): URL {
  const forwardedHost = req.app.enabled("trust proxy") ? req.get("x-forwarded-host") : undefined;
  const host = forwardedHost?.split(",")[0]?.trim() || req.get("host");
  if (!validHost(host)) throw new MalformedRequestError("malformed Host header");
  try {
    return new URL(`${req.protocol}://${host}${req.originalUrl}`);
  } catch {
    throw new MalformedRequestError("malformed request target");
  }
}

/**
 * A Fetch Request for `req`. Its body streams from the socket; its signal aborts when the client
 * goes away before the answer is written (unless `abortWhenClosed` is false: a render shared
 * with other visitors). `withoutBody` makes a second request for the same address once the body
 * has been read; `method` renders a HEAD as the GET it stands for.
 */
export function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  options: { withoutBody?: boolean; method?: string | undefined; abortWhenClosed?: boolean } = {},
): Request {
  const url = requestUrl(req);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = options.method ?? req.method;
  const init: RequestInit & { duplex?: "half" } = { method, headers };
  if (options.abortWhenClosed ?? true) {
    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    init.signal = controller.signal;
  }
  if (method !== "GET" && method !== "HEAD" && !options.withoutBody && hasBody(req)) {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * Whether the request has a body at all: HTTP/1.1 says so with Content-Length or
 * Transfer-Encoding (RFC 9112 §6.3). The server ends the others' streams at once
 * (`optimizeEmptyRequests`), so they are not read.
 */
function hasBody(req: ExpressRequest): boolean {
  return req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
}

/** Writes a Fetch Response to Express's response, streaming its body. */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/** Whether every percent-escape of the path decodes (to UTF-8 text): otherwise no route can read it. */
export function decodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
