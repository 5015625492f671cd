import type { Db } from "#server/db/database.ts";

/**
 * Gives an imported record the original's date as its creation and last change, which the
 * sitemap's lastmod and the iCalendar feed show, instead of the moment of the import. A date
 * still to come (a scheduled article, next month's event) is not a change yet: the import's
 * moment stays.
 */
export async function keepOriginalDates(
  trx: Db,
  table: "articles" | "calendar_events",
  id: string,
  at: Date | undefined,
): Promise<void> {
  if (!at || at.getTime() > Date.now()) return;
  const iso = at.toISOString();
  await trx.updateTable(table).set({ created_at: iso, updated_at: iso }).where("id", "=", id).execute();
}
