import { createReadableStreamFromReadable } from "@react-router/node";
import { create as contentDisposition } from "content-disposition";
import { findRuleFile } from "#server/domain/rules/rule-files.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { notModifiedAnswer } from "#server/http/conditional-get.ts";
import { PDF_CONTENT_SECURITY_POLICY } from "#server/http/pdf-policy.ts";
import { getServices } from "#server/http/router-context.ts";
import { StorageNotFoundError } from "#server/storage/storage.ts";
import type { Route } from "./+types/rule-file";

/**
 * GET /rules/{fileName}: a rules PDF, looked up by its name among the rules' attachments and
 * streamed from storage. The header keeps a Hangul file name (RFC 6266 filename*) with an ASCII
 * fallback. A manager may point the same name at a new file, so the cache is short and revalidated
 * by the file's id.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, storage, logger } = getServices(context);
  const file = await findRuleFile(db, params.fileName);
  if (!file) return notFound();

  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Length": String(file.byteSize),
    "Content-Disposition": contentDisposition(file.fileName),
    ...cacheHeader({ maxAge: 3600 }),
    "Cross-Origin-Resource-Policy": "cross-origin",
    "Content-Security-Policy": PDF_CONTENT_SECURITY_POLICY,
    ETag: `"${file.fileId}"`,
  });
  const notModified = notModifiedAnswer(request, headers);
  if (notModified) return notModified;
  if (request.method === "HEAD") return new Response(null, { headers });

  try {
    const body = await storage.get(file.storageKey);
    return new Response(createReadableStreamFromReadable(body), { headers });
  } catch (error) {
    if (!(error instanceof StorageNotFoundError)) throw error;
    // A row that points at nothing: the visitor gets a 404, the operators a log line.
    logger.error({ fileId: file.fileId, key: file.storageKey }, "rules file missing in storage");
    return notFound();
  }
}

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...cacheHeader("none") },
  });
}
