import { STATUS_CODES } from "node:http";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
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
 * A Fetch Request for `req`, made by React Router's own Node plumbing (`createRequest` of
 * @remix-run/node-fetch-server, which @react-router/node is built on) at the address
 * `requestUrl` gives: its body streams from the socket, its signal aborts when the client goes
 * away before the answer is written (unless `abortWhenClosed` is false). `method` renders a HEAD
 * as the GET it stands for.
 */
export function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  options: { method?: string | undefined; abortWhenClosed?: boolean } = {},
): Request {
  const url = requestUrl(req);
  const request = createRequest(req, res, { protocol: url.protocol, host: url.host });
  const method = options.method ?? request.method;
  // A render shared with other visitors (a GET, so no body) finishes even if this client leaves.
  if (options.abortWhenClosed === false) return new Request(request.url, { method, headers: request.headers });
  if (method !== request.method) return new Request(request, { method });
  return request;
}

/** The same request again once its body has been read: same address, method, headers and signal. */
export function withoutBody(request: Request): Request {
  return new Request(request.url, { method: request.method, headers: request.headers, signal: request.signal });
}

/** Writes a Fetch Response to Express's response, streaming its body (none for a HEAD). */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  try {
    await sendResponse(res, withReasonPhrase(response));
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * A response made in code (`Response.json`, React Router's `data`) has no status text, and the
 * status line would go out with an empty reason phrase ("400 "): the standard one is sent instead.
 */
function withReasonPhrase(response: Response): Response {
  if (response.statusText) return response;
  const { status, headers, body } = response;
  return new Response(body, { status, statusText: STATUS_CODES[status] ?? "", headers });
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
