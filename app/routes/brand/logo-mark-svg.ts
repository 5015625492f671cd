import { LOGO_CACHE_CONTROL, logoMarkSvg } from "#app/lib/logo-files.server.tsx";

/** GET /brand/logo-mark.svg: the club's mark as a vector file. */
export function loader() {
  return new Response(logoMarkSvg(), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": LOGO_CACHE_CONTROL,
    },
  });
}
