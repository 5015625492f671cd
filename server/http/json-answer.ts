import type { z } from "zod";
import { InputError } from "#server/failures.ts";
import { cacheHeader } from "./cache-policy.ts";
import { readJsonInput } from "./request-body.ts";

/**
 * A JSON answer that no cache keeps (measurement reports, the passkey steps), with any cookies
 * and headers the step sets.
 */
export function jsonAnswer(
  status: number,
  body: unknown,
  options: { cookies?: readonly string[]; headers?: Record<string, string> } = {},
): Response {
  const headers = new Headers({ ...cacheHeader("none"), ...options.headers });
  for (const cookie of options.cookies ?? []) headers.append("Set-Cookie", cookie);
  return Response.json(body, { status, headers });
}

/**
 * A JSON request's input checked against its schema, or the 4xx to answer (`{ok:false,message}`
 * in Korean) when the body is malformed, too large, of another type or not what the schema says.
 */
export async function readJsonRequest<T>(
  request: Request,
  schema: z.ZodType<T>,
  maxBytes: number,
): Promise<{ ok: true; input: T } | { ok: false; response: Response }> {
  try {
    return { ok: true, input: await readJsonInput(request, schema, maxBytes) };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { ok: false, response: jsonAnswer(error.status, { ok: false, message: error.message }) };
  }
}
