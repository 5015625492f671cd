import { isbot } from "isbot";
import type { z } from "zod";

/**
 * What the public site's measurement endpoints share (page views, web vitals): the browser posts
 * a small JSON report about the page it shows, without cookies. A report is read once with a
 * size limit and checked with the endpoint's schema; malformed, oversized or cross-site posts get
 * a 4xx and change nothing. Crawlers are answered but not counted.
 */

export type BeaconResult<T> =
  | {
      ok: true;
      data: T /** Sent by a person's browser, not a crawler: worth counting. */;
      fromPerson: boolean;
    }
  | { ok: false; response: Response };

export async function readBeacon<T>(
  request: Request,
  schema: z.ZodType<T>,
  maxBytes: number,
): Promise<BeaconResult<T>> {
  if (request.method !== "POST") return { ok: false, response: beaconMethodNotAllowed() };
  if (isCrossSite(request)) {
    return { ok: false, response: beaconAnswer(403, { error: "cross-site requests are refused" }) };
  }
  const text = await readLimited(request, maxBytes);
  if (text === undefined) {
    return { ok: false, response: beaconAnswer(413, { error: "the body is too large" }) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, response: beaconAnswer(400, { error: "the body must be JSON" }) };
  }
  const input = schema.safeParse(json);
  if (!input.success) {
    const error = input.error.issues[0]?.message ?? "invalid input";
    return { ok: false, response: beaconAnswer(400, { error }) };
  }
  const userAgent = request.headers.get("user-agent") ?? "";
  return { ok: true, data: input.data, fromPerson: userAgent !== "" && !isbot(userAgent) };
}

export function beaconAnswer(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** For the endpoints' loaders: they take posts only. */
export function beaconMethodNotAllowed(): Response {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The site's own pages send reports; a post from another site is refused. */
function isCrossSite(request: Request): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}

/** The body as text, or undefined once it grows past `limit` bytes (without reading the rest). */
async function readLimited(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
