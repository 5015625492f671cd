import { LOGO_CACHE_POLICY, logoMarkPng } from "#app/lib/logo-files.server.tsx";
import { cacheHeader } from "#server/http/cache-policy.ts";

/** GET /brand/logo-mark.png: the club's mark as a 1024 px PNG. */
export async function loader() {
  const body = await logoMarkPng();
  return new Response(new Uint8Array(body), {
    headers: { "Content-Type": "image/png", ...cacheHeader(LOGO_CACHE_POLICY) },
  });
}
