/**
 * A JSON answer that no cache keeps (measurement reports, the passkey steps), with any cookies
 * and headers the step sets.
 */
export function jsonAnswer(
  status: number,
  body: unknown,
  options: { cookies?: readonly string[]; headers?: Record<string, string> } = {},
): Response {
  const headers = new Headers({ "Cache-Control": "no-store", ...options.headers });
  for (const cookie of options.cookies ?? []) headers.append("Set-Cookie", cookie);
  return Response.json(body, { status, headers });
}
