import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { addDays, seoulDate } from "#shared/dates.ts";

/**
 * Page views, counted per day (in Seoul) and path: one row per page and day whose count grows
 * with each view. No visitor is identified; nothing but the path and the day is kept.
 */

/** A page's address as the browser reports it: an absolute path, without query or fragment. */
export const pagePathSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^\/[^?#\s]*$/, "path must be an absolute path without query or fragment");

/** What the browser sends: the path of the page it shows. */
export const pageViewInputSchema = z.object({ path: pagePathSchema });

/** Adds one view of `path` on the Seoul date of `now`; the same statement on both engines. */
export async function recordPageView(db: Db, path: string, now: Date = new Date()): Promise<void> {
  await db
    .insertInto("page_views")
    .values({ day: seoulDate(now), path, views: 1 })
    .onConflict((conflict) =>
      conflict.columns(["day", "path"]).doUpdateSet((eb) => ({ views: eb("page_views.views", "+", 1) })),
    )
    .execute();
}

const isoDate = z.iso.date();

/** A range of Seoul dates, both ends included, at most a little over a year long. */
export const dateRangeSchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((range) => range.from <= range.to, "from must not be after to")
  .refine((range) => addDays(range.from, 366) >= range.to, "the range is limited to 366 days");

export type DateRange = z.infer<typeof dateRangeSchema>;

export interface PageViewStats {
  range: DateRange;
  total: number;
  /** Every date of the range, in order, with zero for days without views. */
  byDay: { day: string; views: number }[];
  /** Pages by views, most viewed first (at most `pathLimit` of them when one is given). */
  byPath: { path: string; views: number }[];
}

/**
 * Views per day and per path over a date range; the sums run in the database, over the rows of
 * the range only (the primary key starts with the day).
 */
export async function getPageViewStats(
  db: Db,
  range: DateRange,
  { pathLimit }: { pathLimit?: number } = {},
): Promise<PageViewStats> {
  const { from, to } = dateRangeSchema.parse(range);
  const inRange = db.selectFrom("page_views").where("day", ">=", from).where("day", "<=", to);
  let pathQuery = inRange
    .select((eb) => ["path", eb.fn.sum<number | string>("views").as("view_count")])
    .groupBy("path")
    .orderBy("view_count", "desc")
    .orderBy("path");
  if (pathLimit !== undefined) pathQuery = pathQuery.limit(pathLimit);
  const [days, paths] = await Promise.all([
    inRange
      .select((eb) => ["day", eb.fn.sum<number | string>("views").as("view_count")])
      .groupBy("day")
      .execute(),
    pathQuery.execute(),
  ]);
  const viewsByDay = new Map(days.map((row) => [row.day, Number(row.view_count)]));
  const byDay: PageViewStats["byDay"] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    byDay.push({ day, views: viewsByDay.get(day) ?? 0 });
  }
  return {
    range: { from, to },
    // From the days, which are all there even when the pages are cut to the top few.
    total: byDay.reduce((sum, row) => sum + row.views, 0),
    byDay,
    byPath: paths.map((row) => ({ path: row.path, views: Number(row.view_count) })),
  };
}
