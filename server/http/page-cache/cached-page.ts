import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * A public response rendered once and kept in memory: its body in every encoding worth sending,
 * a strong ETag per encoding, and the headers of the original response. Inline scripts are
 * allowed by their hashes instead of the request's nonce, since one body now serves many requests.
 */
export interface CachedPage {
  status: number;
  /** The original response's headers, less those that describe one body or one request. */
  headers: Record<string, string | string[]>;
  bodies: { identity: Buffer; br?: Buffer | undefined; gzip?: Buffer | undefined };
  /** The strong ETag of the identity body; other encodings add a suffix to it. */
  etag: string;
  lastModified: string;
  /** After this (epoch ms) the entry is rendered again: pages show today's date. */
  expiresAt: number;
  /** Bytes held, for the cache's bound. */
  size: number;
}

export type Encoding = keyof CachedPage["bodies"];

const compressGzip = promisify(gzip);
const compressBrotli = promisify(brotliCompress);

/** Bodies smaller than this are sent as they are: compression would not pay for its header. */
const MIN_COMPRESSIBLE_BYTES = 1024;
const COMPRESSIBLE =
  /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|javascript|manifest\+json|ld\+json)|image\/svg\+xml)/;

/** Headers the cache sets itself, or that belong to one response only. */
const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "last-modified",
  "vary",
  "set-cookie",
]);

export async function createCachedPage(options: {
  response: Response;
  /** Headers already set on the outgoing response by earlier middleware (security headers). */
  baseHeaders: OutgoingHttpHeaders;
  nonce: string | undefined;
  lastModified: Date;
  expiresAt: number;
}): Promise<CachedPage> {
  const { response, nonce } = options;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(options.baseHeaders)) {
    if (value === undefined || DROPPED_HEADERS.has(name)) continue;
    headers[name] = typeof value === "number" ? String(value) : value;
  }
  for (const [name, value] of response.headers) {
    if (!DROPPED_HEADERS.has(name)) headers[name] = value;
  }
  headers["cache-control"] ??= "no-cache";

  let body = Buffer.from(await response.arrayBuffer());
  const contentType = String(headers["content-type"] ?? "");
  if (nonce && contentType.startsWith("text/html")) {
    const html = body.toString("utf8").replaceAll(` nonce="${nonce}"`, "");
    body = Buffer.from(html, "utf8");
    const policy = headers["content-security-policy"];
    if (typeof policy === "string") {
      headers["content-security-policy"] = policy.replace(
        `'nonce-${nonce}'`,
        inlineScriptHashes(html).join(" "),
      );
    }
  }

  const compressible = body.length >= MIN_COMPRESSIBLE_BYTES && COMPRESSIBLE.test(contentType);
  const [br, gz] = compressible
    ? await Promise.all([
        compressBrotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        compressGzip(body, { level: 9 }),
      ])
    : [undefined, undefined];
  const bodies = {
    identity: body,
    br: br && br.length < body.length ? br : undefined,
    gzip: gz && gz.length < body.length ? gz : undefined,
  };
  const digest = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  return {
    status: response.status,
    headers,
    bodies,
    etag: `"${digest}"`,
    lastModified: options.lastModified.toUTCString(),
    expiresAt: options.expiresAt,
    size: body.length + (bodies.br?.length ?? 0) + (bodies.gzip?.length ?? 0) + 1024,
  };
}

/** The strong ETag of one encoding: a different body is a different tag. */
export function etagOf(page: CachedPage, encoding: Encoding): string {
  return encoding === "identity" ? page.etag : `${page.etag.slice(0, -1)}-${encoding}"`;
}

/** CSP source expressions for every inline script of the document (JSON-LD included, harmlessly). */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const digest = createHash("sha256")
      .update(match[1] ?? "", "utf8")
      .digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}
