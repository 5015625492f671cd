import { isbot } from "isbot";
import {
  pageViewInputSchema,
  recordPageView,
} from "../../../server/domain/analytics/page-views.ts";
import { resolvePublicPage } from "../../../server/domain/seo/public-pages.ts";
import { getServices } from "../../context.ts";
import type { Route } from "./+types/page-views";

/** The largest body the endpoint reads: a path of at most 200 characters in a small JSON object. */
const MAX_BODY_BYTES = 1024;

/**
 * POST /api/page-views {"path": "/archive/odaeho"}: the browser reports the page it shows, once
 * per route change. No cookie is read or set. Views of public pages by people are counted;
 * crawlers, the admin area and unknown addresses are answered but not counted. Malformed input
 * gets a 4xx and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (isCrossSite(request)) return answer(403, { error: "cross-site requests are refused" });

  const text = await readLimited(request, MAX_BODY_BYTES);
  if (text === undefined) return answer(413, { error: "the body is too large" });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return answer(400, { error: "the body must be JSON" });
  }
  const input = pageViewInputSchema.safeParse(json);
  if (!input.success) {
    return answer(400, { error: input.error.issues[0]?.message ?? "invalid input" });
  }

  const userAgent = request.headers.get("user-agent") ?? "";
  if (userAgent === "" || isbot(userAgent)) return answer(200, { counted: false });
  const { db } = getServices(context);
  const page = await resolvePublicPage(db, input.data.path);
  if (!page) return answer(200, { counted: false });
  await recordPageView(db, page);
  return answer(200, { counted: true });
}

function answer(status: number, body: Record<string, unknown>) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** The site's own pages send views; a post from another site is refused. */
function isCrossSite(request: Request): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}

/** The body as text, or undefined once it grows past `limit` bytes (without reading the rest). */
async function readLimited(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
