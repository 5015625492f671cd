import { LOGO_CACHE_POLICY, logoMarkSvg } from "#app/lib/logo-files.server.tsx";
import { cacheHeader } from "#server/http/cache-policy.ts";

/** GET /brand/logo-mark.svg: the club's mark as a vector file. */
export function loader() {
  return new Response(logoMarkSvg(), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      ...cacheHeader(LOGO_CACHE_POLICY),
    },
  });
}
