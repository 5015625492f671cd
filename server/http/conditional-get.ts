import fresh from "fresh";

/** The validators a response states. */
interface Validators {
  etag?: string | undefined;
  lastModified?: string | undefined;
}

/**
 * Whether the client's copy is current: `If-None-Match` in its strong, weak, list and `*` forms,
 * else `If-Modified-Since`, by `fresh` (the module Express uses). The request's Cache-Control is
 * left out: `fresh` answers "stale" to any `no-cache`, but that directive is for caches on the way
 * (RFC 9111 §5.2.1.4); the origin evaluates the preconditions it is sent (RFC 9110 §13.2.1), and
 * fetch clients add `no-cache` to every request that carries its own If-None-Match.
 */
export function clientCopyIsCurrent(
  requestHeaders: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined },
  validators: Validators,
): boolean {
  return fresh(
    { "if-none-match": requestHeaders.ifNoneMatch, "if-modified-since": requestHeaders.ifModifiedSince },
    { etag: validators.etag, "last-modified": validators.lastModified },
  );
}

/**
 * The 304 for a route that answers conditional requests itself (a file with its own ETag, and
 * Last-Modified when it has one), or undefined when the client's copy is not current. The 304
 * keeps the response's headers but its length.
 */
export function notModifiedAnswer(request: Request, headers: Headers): Response | undefined {
  const current = clientCopyIsCurrent(
    {
      ifNoneMatch: request.headers.get("if-none-match") ?? undefined,
      ifModifiedSince: request.headers.get("if-modified-since") ?? undefined,
    },
    { etag: headers.get("etag") ?? undefined, lastModified: headers.get("last-modified") ?? undefined },
  );
  if (!current) return undefined;
  const kept = new Headers(headers);
  kept.delete("Content-Length");
  return new Response(null, { status: 304, headers: kept });
}
