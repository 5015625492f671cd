import { loadSiteIdentity } from "../../../server/domain/seo/public-pages.ts";
import { listSitemapEntries, renderSitemap } from "../../../server/domain/seo/sitemap.ts";
import { getServices } from "../../context.ts";
import type { Route } from "./+types/sitemap";

/** GET /sitemap.xml: every public page and every article, with absolute addresses. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [{ siteUrl }, entries] = await Promise.all([
    loadSiteIdentity(db, config),
    listSitemapEntries(db),
  ]);
  return new Response(renderSitemap(siteUrl, entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
