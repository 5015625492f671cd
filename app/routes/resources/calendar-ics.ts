import { listAllEvents } from "../../../server/domain/calendar/calendar.ts";
import { buildICalendar } from "../../../server/domain/calendar/icalendar.ts";
import { loadSiteIdentity } from "../../../server/domain/seo/public-pages.ts";
import { getServices } from "../../context.ts";
import type { Route } from "./+types/calendar-ics";

/** GET /calendar.ics: every event of the club's calendar as an iCalendar subscription feed. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const [events, { settings, siteUrl }] = await Promise.all([
    listAllEvents(db),
    loadSiteIdentity(db, config),
  ]);
  return new Response(buildICalendar(events, { clubName: settings.clubName, siteUrl }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "public, max-age=900",
    },
  });
}
