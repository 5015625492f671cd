import { renderSitemapPart } from "#server/domain/seo/sitemap.ts";
import { loadPublicIdentity } from "#server/domain/site-settings/identity.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/sitemap-part";

/** GET /sitemaps/{n}.xml: one part of a sitemap too large for one file; 404 for any other name. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const part = /^([1-9]\d{0,5})\.xml$/.exec(params.file)?.[1];
  const { db, config } = getServices(context);
  const { siteUrl } = await loadPublicIdentity(db, config, request.url);
  const xml = part ? await renderSitemapPart(db, siteUrl, Number(part)) : undefined;
  if (!xml) {
    return new Response("Not Found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      ...cacheHeader({ maxAge: 3600 }),
    },
  });
}
