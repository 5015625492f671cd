import type { Readable } from "node:stream";
import type { Request, RequestHandler } from "express";
import parseRange from "range-parser";
import type { Logger } from "#server/logger.ts";
import {
  assertValidKey,
  type ByteRange,
  contentTypeOf,
  type FileStorage,
  StorageNotFoundError,
  type StoredFileInfo,
} from "#server/storage/storage.ts";
import { cacheHeader } from "./cache-policy.ts";
import { clientCopyIsCurrent } from "./conditional-get.ts";
import { PDF_CONTENT_SECURITY_POLICY } from "./pdf-policy.ts";

/**
 * Serves uploaded files from whichever storage holds them, at the same addresses and with the
 * same answers: GET and HEAD, a year's immutable caching (a key is never reused), conditional
 * requests (304, 412), one byte range (206, 416; a PDF viewer reads a large file in pieces).
 * Anything that names no stored file goes to `next`, the 404.
 */
export function serveStoredFiles(storage: FileStorage, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = keyOf(req.path);
    if (key === undefined) return next();
    let info: StoredFileInfo | undefined;
    try {
      info = await storage.stat(key);
    } catch (error) {
      return next(error);
    }
    if (!info) return next();

    for (const [name, value] of Object.entries(fileHeaders(key, info))) res.setHeader(name, value);
    if (preconditionFailed(req, info)) return void res.status(412).end();
    const current = clientCopyIsCurrent(
      { ifNoneMatch: req.get("if-none-match"), ifModifiedSince: req.get("if-modified-since") },
      { etag: info.etag, lastModified: info.lastModified.toUTCString() },
    );
    if (current) return void res.status(304).end();

    const range = requestedRange(req, info);
    if (range === "unsatisfiable") {
      res.setHeader("Content-Range", `bytes */${info.size}`);
      return void res.status(416).end();
    }
    if (range) {
      res.statusCode = 206;
      res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
    }
    res.setHeader("Content-Length", String(range ? range.end - range.start + 1 : info.size));
    if (req.method === "HEAD" || info.size === 0) return void res.end();

    let body: Readable;
    try {
      // The whole file as a range too: the storage need not look up its size again.
      body = await storage.get(key, range ?? { start: 0, end: info.size - 1 });
    } catch (error) {
      // Deleted between the two calls: as if it had never been there.
      if (error instanceof StorageNotFoundError) {
        for (const name of ["Content-Range", "Content-Length", ...Object.keys(fileHeaders(key, info))]) {
          res.removeHeader(name);
        }
        res.status(200);
        return next();
      }
      return next(error);
    }
    // pipe rather than stream.pipeline: the latter makes an AbortError per request, which costs
    // more than the rest of this handler on a small picture.
    body.once("error", (error) => {
      logger.warn({ err: error, key }, "a stored file stopped mid-way");
      res.destroy();
    });
    // A visitor who leaves mid-download is no error: the file is let go.
    res.once("close", () => body.destroy());
    body.pipe(res);
  };
}

function fileHeaders(key: string, info: StoredFileInfo): Record<string, string> {
  return {
    ...cacheHeader("immutable"),
    "Last-Modified": info.lastModified.toUTCString(),
    ETag: info.etag,
    "Accept-Ranges": "bytes",
    "Content-Type": contentTypeOf(key),
    "X-Content-Type-Options": "nosniff",
    // Other sites may show the pictures (a member's blog, a chat app's preview).
    "Cross-Origin-Resource-Policy": "cross-origin",
    // A PDF opens sandboxed, so nothing in it can act as the site.
    ...(key.endsWith(".pdf") ? { "Content-Security-Policy": PDF_CONTENT_SECURITY_POLICY } : {}),
  };
}

/** The storage key a path under the prefix names, or undefined for none a key can be. */
function keyOf(path: string): string | undefined {
  try {
    const key = path.replace(/^\//, "").split("/").map(decodeURIComponent).join("/");
    assertValidKey(key);
    return key;
  } catch {
    return undefined;
  }
}

/** If-Match and If-Unmodified-Since that the file no longer satisfies (RFC 9110 13.1.1, 13.1.4). */
function preconditionFailed(req: Request, info: StoredFileInfo): boolean {
  const ifMatch = req.get("if-match");
  if (ifMatch !== undefined) {
    if (ifMatch.trim() === "*") return false;
    return !entityTags(ifMatch).some((tag) => sameTag(tag, info.etag));
  }
  const since = Date.parse(req.get("if-unmodified-since") ?? "");
  return !Number.isNaN(since) && wholeSeconds(info.lastModified) > since;
}

/** The one range to send, "unsatisfiable", or undefined for the whole file. */
function requestedRange(req: Request, info: StoredFileInfo): ByteRange | "unsatisfiable" | undefined {
  const header = req.get("range");
  if (!header || !ifRangeHolds(req, info)) return undefined;
  const ranges = parseRange(info.size, header, { combine: true });
  if (ranges === -1) return "unsatisfiable";
  // Malformed, another unit, or several ranges: the whole file is a valid answer to each.
  if (ranges === -2 || ranges.type !== "bytes" || ranges.length !== 1) return undefined;
  const [range] = ranges;
  return range ? { start: range.start, end: range.end } : undefined;
}

/** If-Range: a range is sent only when the client's copy is still this file. */
function ifRangeHolds(req: Request, info: StoredFileInfo): boolean {
  const ifRange = req.get("if-range");
  if (ifRange === undefined) return true;
  // Keys are never reused, so the tag (weak on disk) names these bytes for good.
  if (ifRange.includes('"')) return ifRange.trim() === info.etag;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && wholeSeconds(info.lastModified) <= date;
}

function entityTags(header: string): string[] {
  return header
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

function sameTag(a: string, b: string): boolean {
  return a.replace(/^W\//, "") === b.replace(/^W\//, "");
}

/** HTTP dates have whole seconds; a file's time has milliseconds. */
function wholeSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000) * 1000;
}
