import type { IncomingMessage, ServerResponse } from "node:http";
import Negotiator from "negotiator";
import { clientCopyIsCurrent } from "#server/http/conditional-get.ts";
import { type CachedPage, type Encoding, identityBody, type PreparedAnswer } from "./cached-page.ts";

/**
 * Our preference among the encodings a client takes equally: Brotli's copy is the smallest.
 * Browsers list gzip first ("gzip, deflate, br, zstd") without preferring it.
 */
const PREFERRED_ENCODINGS: Encoding[] = ["br", "gzip", "identity"];

/**
 * Answers from a cached page: the encoding the client prefers among those held, 304 when the
 * client's copy is current (`If-None-Match` in its strong, weak, list and `*` forms, else
 * `If-Modified-Since`), and for HEAD the same headers without the body. Every header was
 * prepared when the page was stored: this is the cache hit, kept to a look-up and a write.
 */
export function sendCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  const encoding = page.bodies.identity ? "identity" : encodingFor(req.headers["accept-encoding"]);
  const answer = page.answers[encoding] as PreparedAnswer;
  const ifNoneMatch = req.headers["if-none-match"];
  const ifModifiedSince = req.headers["if-modified-since"];
  if (
    (ifNoneMatch !== undefined || ifModifiedSince !== undefined) &&
    clientCopyIsCurrent({ ifNoneMatch, ifModifiedSince }, { etag: answer.etag, lastModified: page.lastModified })
  ) {
    res.writeHead(304, answer.notModified);
    res.end();
    return;
  }
  res.writeHead(page.status, answer.headers);
  if (req.method === "HEAD") res.end();
  else res.end(encoding === "identity" ? identityBody(page) : page.bodies[encoding]);
}

/** negotiator 1.x takes the server's own order for ties; its type declarations predate that. */
type EncodingWithPreference = (available: string[], options: { preferred: string[] }) => string | undefined;

/** Clients send few distinct Accept-Encoding values: each is negotiated once. */
const chosenEncodings = new Map<string, Encoding>();
const MAX_REMEMBERED = 256;

function encodingFor(accepted: string | undefined): Encoding {
  if (!accepted) return "identity";
  let chosen = chosenEncodings.get(accepted);
  if (chosen === undefined) {
    const negotiator = new Negotiator({ headers: { "accept-encoding": accepted } });
    const encoding = negotiator.encoding as EncodingWithPreference;
    // The identity copy is always available (unzipped when it is asked for).
    const best = encoding.call(negotiator, PREFERRED_ENCODINGS, { preferred: PREFERRED_ENCODINGS });
    chosen = (best ?? "identity") as Encoding;
    if (chosenEncodings.size >= MAX_REMEMBERED) chosenEncodings.clear();
    chosenEncodings.set(accepted, chosen);
  }
  return chosen;
}
