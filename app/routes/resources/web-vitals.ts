import { recordWebVitals, webVitalsInputSchema } from "#server/domain/analytics/web-vitals.ts";
import { resolvePublicPage } from "#server/domain/seo/public-pages.ts";
import { beaconAnswer, readBeacon } from "#server/http/beacon.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/web-vitals";

/** A path of at most 200 characters and five named numbers fit well within this. */
const MAX_BODY_BYTES = 2048;

/**
 * POST /api/web-vitals {"path": "/join", "metrics": [{"name": "LCP", "value": 1234.5}, …]}: the
 * browser reports what a real visit measured, once, as the page is hidden. No cookie is read or
 * set. Public pages' reports from people are added to the day's histograms; crawlers and other
 * addresses are answered but not counted; malformed input gets a 4xx and changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const report = await readBeacon(request, webVitalsInputSchema, MAX_BODY_BYTES);
  if (!report.ok) return report.response;
  if (!report.fromPerson) return beaconAnswer(200, { counted: false });
  const { db } = getServices(context);
  const page = await resolvePublicPage(db, report.data.path);
  if (!page) return beaconAnswer(200, { counted: false });
  await recordWebVitals(db, page, report.data.metrics);
  return beaconAnswer(200, { counted: true });
}
