import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gunzipSync, gzip } from "node:zlib";
import { nodeCacheHeader } from "#server/http/cache-policy.ts";

/**
 * A public response rendered once and kept in memory: its body in every encoding worth sending,
 * a strong ETag per encoding, and the headers of the original response. Inline scripts are
 * allowed by their hashes instead of the request's nonce, since one body now serves many requests.
 */
export interface CachedPage {
  status: number;
  /** The original response's headers, less those that describe one body or one request. */
  headers: Record<string, string | string[]>;
  /**
   * The body as it was rendered (only when compression does not pay), and compressed. Nearly
   * every client takes Brotli or gzip, so a compressible page keeps those two and an identity
   * copy is unzipped for the rare client that takes neither (see `identityBody`).
   */
  bodies: Partial<Record<Encoding, Buffer>>;
  identityLength: number;
  /** The strong ETag of the identity body; other encodings add a suffix to it. */
  etag: string;
  lastModified: string;
  /** After this (epoch ms) the entry is rendered again: pages show today's date. */
  expiresAt: number;
  /** Bytes held, for the cache's bound. */
  size: number;
  /** The headers of each encoding's answers, made once: a hit only looks them up. */
  answers: Partial<Record<Encoding, PreparedAnswer>>;
}

export type Encoding = "identity" | "br" | "gzip";

export interface PreparedAnswer {
  etag: string;
  /** Every header of the full answer, as `writeHead` takes them. */
  headers: Record<string, string | string[]>;
  /**
   * The headers of a 304. A browser takes them for the copy it keeps, so the policy that allows
   * that copy's inline scripts (their hashes) is among them.
   */
  notModified: Record<string, string | string[]>;
}

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
  Object.assign(headers, nodeCacheHeader(headers, "revalidate"));

  let body = Buffer.from(await response.arrayBuffer());
  const contentType = String(headers["content-type"] ?? "");
  if (nonce && contentType.startsWith("text/html")) {
    const html = body.toString("utf8").replaceAll(` nonce="${nonce}"`, "");
    body = Buffer.from(html, "utf8");
    const policy = headers["content-security-policy"];
    if (typeof policy === "string") {
      headers["content-security-policy"] = policy.replace(`'nonce-${nonce}'`, inlineScriptHashes(html).join(" "));
    }
  }

  const compressible = body.length >= MIN_COMPRESSIBLE_BYTES && COMPRESSIBLE.test(contentType);
  // Brotli 5 and gzip 6: within a few percent of their best sizes at a small fraction of the
  // CPU (Brotli 9 took 15 ms for a 57 KB page, 5 took 1 ms), which matters on a cache miss.
  const [br, gz] = compressible
    ? await Promise.all([
        compressBrotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            // A window as large as the page, not Brotli's default 4 MB: less memory per copy.
            [constants.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(16, Math.ceil(Math.log2(body.length)))),
          },
        }),
        compressGzip(body, { level: 6 }),
      ])
    : [undefined, undefined];
  const compressed = br && gz && gz.length < body.length;
  const bodies: CachedPage["bodies"] = compressed
    ? { br: ownCopy(br), gzip: ownCopy(gz) }
    : { identity: ownCopy(body) };
  const digest = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  const etag = `"${digest}"`;
  const lastModified = options.lastModified.toUTCString();
  const answers: CachedPage["answers"] = {};
  // The identity copy of a compressible page is unzipped when asked for; its length is known.
  for (const encoding of compressed ? (["br", "gzip", "identity"] as const) : (["identity"] as const)) {
    const length = encoding === "identity" ? body.length : (bodies[encoding] as Buffer).length;
    answers[encoding] = prepareAnswer(headers, { encoding, etag: etagOf(etag, encoding), lastModified, length });
  }
  return {
    status: response.status,
    headers,
    bodies,
    etag,
    identityLength: body.length,
    lastModified,
    expiresAt: options.expiresAt,
    size: (compressed ? br.length + gz.length : body.length) + 1024,
    answers,
  };
}

function prepareAnswer(
  headers: CachedPage["headers"],
  answer: { encoding: Encoding; etag: string; lastModified: string; length: number },
): PreparedAnswer {
  const { encoding, etag, lastModified } = answer;
  const validators = { etag, "last-modified": lastModified, vary: "Accept-Encoding" };
  const notModified: PreparedAnswer["notModified"] = {
    ...validators,
    ...nodeCacheHeader(headers, "revalidate"),
  };
  const policy = headers["content-security-policy"];
  if (policy !== undefined) notModified["content-security-policy"] = policy;
  return {
    etag,
    headers: {
      ...headers,
      ...validators,
      ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
      "content-length": String(answer.length),
    },
    notModified,
  };
}

/**
 * A buffer that owns exactly its bytes. zlib and the Fetch body hand out views into larger
 * allocations; kept in the cache, such a view would hold on to all of its allocation (measured:
 * 40 MB held for 16 MB of pages).
 */
function ownCopy(view: Buffer): Buffer {
  if (view.byteOffset === 0 && view.byteLength === view.buffer.byteLength) return view;
  const copy = Buffer.allocUnsafeSlow(view.byteLength);
  view.copy(copy);
  return copy;
}

/** The page as rendered: kept as it is, or unzipped from its gzip copy. */
export function identityBody(page: CachedPage): Buffer {
  return page.bodies.identity ?? gunzipSync(page.bodies.gzip as Buffer);
}

/** The strong ETag of one encoding: a different body is a different tag. */
function etagOf(identityEtag: string, encoding: Encoding): string {
  return encoding === "identity" ? identityEtag : `${identityEtag.slice(0, -1)}-${encoding}"`;
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
