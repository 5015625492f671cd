import {
  APP_ICON_SIZES,
  type AppIconSize,
  appIconPng,
  faviconIco,
  LOGO_CACHE_POLICY,
} from "#app/lib/logo-files.server.tsx";
import { cacheHeader } from "#server/http/cache-policy.ts";
import type { Route } from "./+types/icons";

/**
 * The site's icons, made from the club's mark: /favicon.ico (raster only, see root.tsx),
 * /apple-touch-icon.png (180 px) and the web manifest's /brand/icons/192.png and 512.png.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const name = params.file ?? new URL(request.url).pathname.slice(1);
  if (name === "favicon.ico") return file(await faviconIco(), "image/x-icon");
  if (name === "apple-touch-icon.png") return file(await appIconPng(180), "image/png");
  const size = Number(name.replace(/\.png$/, ""));
  if (name.endsWith(".png") && APP_ICON_SIZES.includes(size as AppIconSize)) {
    return file(await appIconPng(size as AppIconSize), "image/png");
  }
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
}

function file(body: Buffer, type: string): Response {
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": type,
      ...cacheHeader(LOGO_CACHE_POLICY),
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}
