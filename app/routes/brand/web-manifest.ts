import { LOGO_MARK_COLORS } from "#app/components/brand/LogoMark.tsx";
import { loadPublicIdentity } from "#server/domain/site-settings/identity.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/web-manifest";

/** GET /manifest.webmanifest: the club's name and icons for a phone's home screen. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const { settings } = await loadPublicIdentity(db, config, request.url);
  const manifest = {
    name: settings.clubName,
    short_name: settings.clubName,
    description: settings.description,
    lang: "ko",
    start_url: "/",
    display: "browser",
    background_color: "#ffffff",
    theme_color: LOGO_MARK_COLORS.ground,
    icons: [192, 512].map((size) => ({
      src: `/brand/icons/${size}.png`,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose: "any maskable",
    })),
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      ...cacheHeader("revalidate"),
    },
  });
}
