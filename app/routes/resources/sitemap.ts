import { renderSitemapRoot } from "#server/domain/seo/sitemap.ts";
import { loadPublicIdentity } from "#server/domain/site-settings/identity.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/sitemap";

/**
 * GET /sitemap.xml: every public page and every article with absolute addresses, or, past the
 * protocol's 50,000 addresses, an index of the parts at /sitemaps/{n}.xml.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const { siteUrl } = await loadPublicIdentity(db, config, request.url);
  return new Response(await renderSitemapRoot(db, siteUrl), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      ...cacheHeader({ maxAge: 3600 }),
    },
  });
}
