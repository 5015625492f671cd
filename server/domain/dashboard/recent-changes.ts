import type { Db } from "#server/db/database.ts";
import type { AuditCategory } from "#shared/audit-categories.ts";

/**
 * The latest content changes, for the top of the dashboard: what was saved or deleted lately,
 * without the sign-ins and failures that fill the full log below it.
 */
export const RECENT_CHANGE_COUNT = 5;
/** Older changes are not "recent"; the bound also keeps the scan short when sign-ins pile up. */
export const RECENT_CHANGE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RecentChange {
  id: string;
  time: string;
  category: AuditCategory;
  content: string;
  actor: string;
}

/** Successful entries of every category but accounts, newest first, read along the time index. */
export function recentChangesQuery(db: Db, since: Date, limit: number) {
  return (
    db
      .selectFrom("audit_log")
      .select(["id", "time", "category", "content", "actor"])
      .where("time", ">=", since.toISOString())
      .where("category", "<>", "account")
      .where("type", "=", "normal")
      // The index's own order (time desc, id), so no sort is needed.
      .orderBy("time", "desc")
      .orderBy("id")
      .limit(limit)
  );
}

export async function listRecentChanges(
  db: Db,
  { now = new Date(), limit = RECENT_CHANGE_COUNT }: { now?: Date; limit?: number } = {},
): Promise<RecentChange[]> {
  const since = new Date(now.getTime() - RECENT_CHANGE_DAYS * DAY_MS);
  const rows = await recentChangesQuery(db, since, limit).execute();
  return rows.map((row) => ({ ...row, category: row.category as AuditCategory }));
}
