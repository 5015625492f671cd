import { isbot } from "isbot";
import type { z } from "zod";
import { InputError } from "#server/failures.ts";
import { jsonAnswer } from "./json-answer.ts";
import { readJsonInput } from "./request-body.ts";

/**
 * What the public site's measurement endpoints share (page views, web vitals): the browser posts
 * a small JSON report about the page it shows, without cookies. A report is read once by the one
 * body reader with a size limit and checked with the endpoint's schema; malformed, oversized or
 * cross-site posts get a 4xx and change nothing. Crawlers are answered but not counted. Other
 * methods are answered 405 by the route table (the endpoints have no loader).
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
  if (isCrossSite(request)) {
    return { ok: false, response: beaconAnswer(403, { error: "cross-site requests are refused" }) };
  }
  let data: T;
  try {
    data = await readJsonInput(request, schema, maxBytes);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { ok: false, response: beaconAnswer(error.status, { error: error.message }) };
  }
  const userAgent = request.headers.get("user-agent") ?? "";
  return { ok: true, data, fromPerson: userAgent !== "" && !isbot(userAgent) };
}

export function beaconAnswer(status: number, body: Record<string, unknown>): Response {
  return jsonAnswer(status, body);
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
