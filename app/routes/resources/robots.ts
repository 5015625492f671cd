import { renderRobots } from "#server/domain/seo/sitemap.ts";
import { loadPublicIdentity } from "#server/domain/site-settings/identity.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/robots";

/** GET /robots.txt */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const { siteUrl } = await loadPublicIdentity(db, config, request.url);
  return new Response(renderRobots(siteUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      ...cacheHeader({ maxAge: 3600 }),
    },
  });
}
