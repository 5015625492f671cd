import { pageViewInputSchema, recordPageView } from "#server/domain/analytics/page-views.ts";
import { addressKey } from "#server/domain/client-address.ts";
import { resolvePublicPage } from "#server/domain/seo/public-pages.ts";
import { beaconAnswer, readBeacon } from "#server/http/beacon.ts";
import { clientAddressContext, getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/page-views";

/** The largest body the endpoint reads: a path of at most 200 characters in a small JSON object. */
const MAX_BODY_BYTES = 1024;

/**
 * POST /api/page-views {"path": "/archive/odaeho"}: the browser reports the page it shows, once
 * per route change. No cookie is read or set. Views of public pages by people are counted, once
 * per page and client address in 30 minutes and from at most 60 reports an address sends in a
 * minute (view-limiter.ts); crawlers, the admin area, unknown addresses and the excess are
 * answered but not counted. Malformed input gets a 4xx and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const report = await readBeacon(request, pageViewInputSchema, MAX_BODY_BYTES);
  if (!report.ok) return report.response;
  if (!report.fromPerson) return beaconAnswer(200, { counted: false });
  const { db, viewLimiter } = getServices(context);
  const page = await resolvePublicPage(db, report.data.path);
  if (!page) return beaconAnswer(200, { counted: false });
  if (!viewLimiter.admit(addressKey(context.get(clientAddressContext)), page)) {
    return beaconAnswer(200, { counted: false });
  }
  await recordPageView(db, page);
  return beaconAnswer(200, { counted: true });
}
