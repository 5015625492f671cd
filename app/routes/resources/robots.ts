import { loadSiteIdentity } from "#server/domain/seo/public-pages.ts";
import { renderRobots } from "#server/domain/seo/sitemap.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/robots";

/** GET /robots.txt */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const { siteUrl } = await loadSiteIdentity(db, config);
  return new Response(renderRobots(siteUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      ...cacheHeader({ maxAge: 3600 }),
    },
  });
}
