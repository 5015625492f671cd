import { create as contentDisposition } from "content-disposition";
import { loadPublicIdentity } from "#server/domain/site-settings/identity.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { notModifiedAnswer } from "#server/http/conditional-get.ts";
import { PDF_CONTENT_SECURITY_POLICY } from "#server/http/pdf-policy.ts";
import { getServices } from "#server/http/router-context.ts";
import { MANUAL_PDF_FILE, manualTitle } from "#shared/admin-manual.ts";
import type { Route } from "./+types/manual-file";

/**
 * GET /manuals/{file}: the managers' manual as a PDF, made from the text /admin/manual shows and
 * kept in memory. Public like the spec's route (the manual holds nothing secret) but kept out of
 * search results; any other name is a 404. Revalidated every time: the answer is a 304 by its
 * digest, and a new deploy or club name shows at once.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (params.file !== MANUAL_PDF_FILE) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...cacheHeader("none") },
    });
  }
  const { db, config } = getServices(context);
  const { settings, siteUrl } = await loadPublicIdentity(db, config, request.url);
  // pdf-lib and the font parser are loaded on first use, not by every server process at start.
  const { adminManualPdf } = await import("#server/domain/manual/manual-pdf.ts");
  const pdf = await adminManualPdf({ clubName: settings.clubName, siteUrl });
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Length": String(pdf.body.length),
    // "KERNEL 관리자 매뉴얼.pdf", with the address's name for clients that read only ASCII.
    "Content-Disposition": contentDisposition(`${settings.clubName} ${manualTitle}.pdf`, {
      fallback: MANUAL_PDF_FILE,
    }),
    ...cacheHeader("revalidate"),
    "Content-Security-Policy": PDF_CONTENT_SECURITY_POLICY,
    "X-Robots-Tag": "noindex",
    ETag: pdf.etag,
    "Last-Modified": pdf.madeAt.toUTCString(),
  });
  const notModified = notModifiedAnswer(request, headers);
  if (notModified) return notModified;
  if (request.method === "HEAD") return new Response(null, { headers });
  return new Response(pdf.body, { headers });
}
