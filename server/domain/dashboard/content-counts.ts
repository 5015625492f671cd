import type { Db } from "#server/db/database.ts";

/** How much content the site holds, for the admin dashboard: one query, counted by the database. */
export interface ContentCounts {
  articles: number;
  mainActivities: number;
  periods: number;
  courseEntries: number;
  feedItems: number;
  odaehoIssues: number;
  calendarEvents: number;
  organizationGroups: number;
  organizationMembers: number;
  files: number;
  administrators: number;
}

const tables = {
  articles: "articles",
  mainActivities: "main_activities",
  periods: "periods",
  courseEntries: "course_entries",
  feedItems: "feed_items",
  odaehoIssues: "odaeho_issues",
  calendarEvents: "calendar_events",
  organizationGroups: "organization_groups",
  organizationMembers: "organization_members",
  files: "files",
  administrators: "administrators",
} as const satisfies Record<keyof ContentCounts, string>;

export async function countContent(db: Db): Promise<ContentCounts> {
  const row = await db
    .selectNoFrom((eb) =>
      Object.entries(tables).map(([key, table]) =>
        eb
          .selectFrom(table)
          .select(eb.fn.countAll<number | string>().as("count"))
          .as(key as keyof ContentCounts),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts = {} as ContentCounts;
  for (const key of Object.keys(tables) as (keyof ContentCounts)[]) {
    counts[key] = Number((row as Record<string, unknown>)[key] ?? 0);
  }
  return counts;
}

/** When each single document (leaders, rules, admission info, site settings) was last saved. */
export async function documentUpdateTimes(db: Db): Promise<Record<string, string>> {
  const rows = await db.selectFrom("documents").select(["key", "updated_at"]).execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.updated_at]));
}
