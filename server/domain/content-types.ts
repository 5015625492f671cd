import { activitiesContent } from "./activities/admin.ts";
import type { ContentType } from "./admin/content-type.ts";
import { admissionsContent } from "./admissions/admin.ts";
import { articlesContent } from "./articles/admin.ts";
import { calendarContent } from "./calendar/admin.ts";
import { coursesContent } from "./courses/admin.ts";
import { feedContent } from "./feed/admin.ts";
import { filesContent } from "./files/admin.ts";
import { homeContent } from "./home/admin.ts";
import { leadersContent } from "./leaders/admin.ts";
import { managersContent } from "./managers/admin.ts";
import { odaehoContent } from "./odaeho/admin.ts";
import { organizationContent } from "./organization/admin.ts";
import { rulesContent } from "./rules/admin.ts";
import { siteSettingsContent } from "./site-settings/admin.ts";

/**
 * Every kind of content managers write, each declared in its own folder: the admin write
 * endpoint (/admin/api/{name}) serves exactly these, and the admin navigation and dashboard list
 * their pages in this order. A new kind is added here.
 */
export const contentTypes: readonly ContentType[] = [
  articlesContent,
  activitiesContent,
  coursesContent,
  feedContent,
  odaehoContent,
  rulesContent,
  calendarContent,
  admissionsContent,
  organizationContent,
  leadersContent,
  siteSettingsContent,
  managersContent,
  filesContent,
  // Edited on the site settings page.
  homeContent,
];
