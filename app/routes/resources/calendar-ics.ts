import { listAllEvents } from "#server/domain/calendar/calendar.ts";
import { buildICalendar } from "#server/domain/calendar/icalendar.ts";
import { loadPublicIdentity } from "#server/domain/site-settings/identity.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { getServices } from "#server/http/router-context.ts";
import type { Route } from "./+types/calendar-ics";

/**
 * GET /calendar.ics: every event of the club's calendar as an iCalendar subscription feed. A
 * cache may keep it but asks again each time (a manager's edit shows on the next load); the page
 * cache gives it an ETag and answers an unchanged feed 304, so polling calendar apps cost little.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [events, { settings, siteUrl }] = await Promise.all([
    listAllEvents(db),
    loadPublicIdentity(db, config, request.url),
  ]);
  const body = buildICalendar(events, { clubName: settings.clubName, siteUrl });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      ...cacheHeader("revalidate"),
    },
  });
}
