import { activitiesContent } from "./activities/admin.ts";
import type { ContentType } from "./admin/content-type.ts";
import { articlesContent } from "./articles/admin.ts";
import { feedContent } from "./feed/admin.ts";
import { odaehoContent } from "./odaeho/admin.ts";

/**
 * Every kind of content managers write, each declared in its own folder. The admin write
 * endpoint (/admin/api/{name}) serves exactly these; a new kind is added here.
 */
export const contentTypes: readonly ContentType[] = [
  activitiesContent,
  articlesContent,
  feedContent,
  odaehoContent,
];
