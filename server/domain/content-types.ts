import { accountsContent, myAccount } from "./accounts/content-type.ts";
import { activitiesContent } from "./activities/content-type.ts";
import { admissionsContent } from "./admissions/content-type.ts";
import { articlesContent } from "./articles/content-type.ts";
import { calendarContent } from "./calendar/content-type.ts";
import { coursesContent } from "./courses/content-type.ts";
import { feedContent } from "./feed/content-type.ts";
import { filesContent } from "./files/content-type.ts";
import { homeContent } from "./home/content-type.ts";
import { leadersContent } from "./leaders/content-type.ts";
import { odaehoContent } from "./odaeho/content-type.ts";
import { organizationContent } from "./organization/content-type.ts";
import { rulesContent } from "./rules/content-type.ts";
import { siteSettingsContent } from "./site-settings/content-type.ts";
import type { ContentType } from "./write/content-type.ts";

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
  accountsContent,
  // The signed-in manager's own account pages (no page of the navigation's content list).
  myAccount,
  filesContent,
  // Edited on the site settings page.
  homeContent,
];
