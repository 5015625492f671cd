import { createHash } from "node:crypto";
import { listAllEvents } from "../../../server/domain/calendar/calendar.ts";
import { buildICalendar } from "../../../server/domain/calendar/icalendar.ts";
import { loadSiteIdentity } from "../../../server/domain/seo/public-pages.ts";
import { getServices } from "../../context.ts";
import type { Route } from "./+types/calendar-ics";

/**
 * GET /calendar.ics: every event of the club's calendar as an iCalendar subscription feed. A
 * cache may keep it but asks again each time (a manager's edit shows on the next load), and an
 * unchanged feed is answered 304 by its ETag, so polling calendar apps cost little.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [events, { settings, siteUrl }] = await Promise.all([
    listAllEvents(db),
    loadSiteIdentity(db, config),
  ]);
  const body = buildICalendar(events, { clubName: settings.clubName, siteUrl });
  const headers = new Headers({
    "Content-Type": "text/calendar; charset=utf-8",
    "Cache-Control": "public, no-cache",
    ETag: `"${createHash("sha256").update(body).digest("base64url")}"`,
  });
  if (request.headers.get("if-none-match") === headers.get("ETag")) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { headers });
}
