import { previewCardBrand } from "#app/lib/logo-files.server.tsx";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { notModifiedAnswer } from "#server/http/conditional-get.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/preview-image";

const brand = previewCardBrand();

/**
 * GET /previews/{name}: a link-preview image (og:image), 1200x630: a page's picture cropped, or
 * the club's card with the page's title. Made on first request and kept in memory; unknown or
 * outdated names answer 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  // Loaded on first use: its font parser and drawing code need not sit in every server process.
  const { findPreviewImage } = await import("#server/domain/previews/preview-images.ts");
  const image = await findPreviewImage(getServices(context), params.file, brand);
  if (!image) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...cacheHeader("none") },
    });
  }
  const headers = new Headers({
    "Content-Type": image.contentType,
    "Content-Length": String(image.body.length),
    ...cacheHeader("immutable"),
    // Chat apps and other sites show the picture.
    "Cross-Origin-Resource-Policy": "cross-origin",
    // The name is the content's: its own validator, and it keeps the page cache from holding a
    // second copy (only responses without an ETag are stored there).
    ETag: `"${params.file}"`,
  });
  const notModified = notModifiedAnswer(request, headers);
  if (notModified) return notModified;
  if (request.method === "HEAD") return new Response(null, { headers });
  return new Response(new Uint8Array(image.body), { headers });
}
