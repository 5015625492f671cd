import { LOGO_CACHE_CONTROL, logoMarkPng } from "#app/lib/logo-files.server.tsx";

/** GET /brand/logo-mark.png: the club's mark as a 1024 px PNG. */
export async function loader() {
  const body = await logoMarkPng();
  return new Response(new Uint8Array(body), {
    headers: { "Content-Type": "image/png", "Cache-Control": LOGO_CACHE_CONTROL },
  });
}
