import type { Db } from "#server/db/database.ts";
import { type DateRange, getPageViewStats } from "#server/domain/analytics/page-views.ts";
import { articleIdOf } from "#server/domain/seo/public-pages.ts";
import { addDays, seoulDate } from "#shared/dates.ts";
import { publicPageTitle } from "#shared/public-pages.ts";

/** The dashboard's traffic: the last 30 Seoul days, today included, and the ten most viewed pages. */
export const TRAFFIC_DAYS = 30;
export const TOP_PAGE_COUNT = 10;

export interface TopPage {
  path: string;
  /** The page's name as a manager knows it; null for an article that no longer exists. */
  title: string | null;
  views: number;
}

export interface SiteTraffic {
  range: DateRange;
  days: number;
  total: number;
  /** Every day of the range, oldest first, with zero for days without views. */
  byDay: { day: string; views: number }[];
  /** The day with the most views (the latest of a tie); null when nothing was viewed. */
  busiest: { day: string; views: number } | null;
  topPages: TopPage[];
}

export async function getSiteTraffic(db: Db, { now = new Date() }: { now?: Date } = {}): Promise<SiteTraffic> {
  const to = seoulDate(now);
  const range = { from: addDays(to, 1 - TRAFFIC_DAYS), to };
  const stats = await getPageViewStats(db, range, { pathLimit: TOP_PAGE_COUNT });
  const titles = await articleTitles(
    db,
    stats.byPath.flatMap((page) => articleIdOf(page.path) ?? []),
  );
  let busiest: SiteTraffic["busiest"] = null;
  for (const day of stats.byDay) {
    if (day.views > 0 && day.views >= (busiest?.views ?? 0)) busiest = day;
  }
  return {
    range: stats.range,
    days: TRAFFIC_DAYS,
    total: stats.total,
    byDay: stats.byDay,
    busiest,
    topPages: stats.byPath.map((page) => ({
      ...page,
      title: titleOf(page.path, titles),
    })),
  };
}

function titleOf(path: string, articles: Map<string, string>): string | null {
  if (path === "/") return "홈";
  const id = articleIdOf(path);
  if (id) return articles.get(id) ?? null;
  return publicPageTitle(path) ?? null;
}

/** The titles of the articles among the top pages: at most ten, read by primary key. */
async function articleTitles(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("articles").select(["id", "title"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}
