import type { IncomingMessage, ServerResponse } from "node:http";
import Negotiator from "negotiator";
import { nodeCacheHeader } from "#server/http/cache-policy.ts";
import { clientCopyIsCurrent } from "#server/http/conditional-get.ts";
import { type CachedPage, type Encoding, etagOf, identityBody } from "./cached-page.ts";

const PREFERRED_ENCODINGS = ["br", "gzip", "identity"];

/**
 * Answers from a cached page: the encoding the client prefers among those held, 304 when the
 * client's copy is current (`If-None-Match` in its strong, weak, list and `*` forms, else
 * `If-Modified-Since`), and for HEAD the same headers without the body.
 */
export function sendCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  const encoding = chooseEncoding(req, page);
  const etag = etagOf(page, encoding);
  const headers: Record<string, string | string[]> = {
    ...page.headers,
    vary: "Accept-Encoding",
    etag,
    "last-modified": page.lastModified,
  };
  const validators = { etag, lastModified: page.lastModified };
  const request = { ifNoneMatch: req.headers["if-none-match"], ifModifiedSince: req.headers["if-modified-since"] };
  if (clientCopyIsCurrent(request, validators)) {
    // A browser takes a 304's headers for the copy it keeps. On a first render the request went
    // through Express, which set a policy naming this request's nonce; the kept copy's scripts
    // are allowed by the stored page's policy (their hashes), so that one is sent.
    const notModified: Record<string, string | string[]> = {
      etag,
      "last-modified": page.lastModified,
      vary: "Accept-Encoding",
      ...nodeCacheHeader(page.headers, "revalidate"),
    };
    const policy = page.headers["content-security-policy"];
    if (policy !== undefined) notModified["content-security-policy"] = policy;
    res.writeHead(304, notModified);
    res.end();
    return;
  }
  const head = req.method === "HEAD";
  const body = encoding === "identity" ? (head ? undefined : identityBody(page)) : page.bodies[encoding];
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  headers["content-length"] = String(encoding === "identity" ? page.identityLength : (body as Buffer).length);
  res.writeHead(page.status, headers);
  res.end(head ? undefined : body);
}

function chooseEncoding(req: IncomingMessage, page: CachedPage): Encoding {
  const accepted = req.headers["accept-encoding"];
  if (!accepted || (!page.bodies.br && !page.bodies.gzip)) return "identity";
  // The identity body is always available, unzipped when it is asked for.
  const available = PREFERRED_ENCODINGS.filter(
    (encoding) => encoding === "identity" || page.bodies[encoding as Encoding],
  );
  const chosen = new Negotiator(req).encoding(available) as Encoding | undefined;
  return chosen ?? "identity";
}
