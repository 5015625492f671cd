import { type SqlBool, sql } from "kysely";
import type { Db } from "#server/db/database.ts";

/**
 * The articles visitors may see: the published ones. Drafts and scheduled articles exist only in
 * the admin area until they are published (a scheduled one by the publisher, at its time). The
 * list-order indexes end with the status, so this condition is read from the index.
 */
export function publishedArticles(db: Db) {
  return db.selectFrom("articles").where("articles.status", "=", "published");
}

/**
 * Drafts and scheduled articles. The condition is written as the partial index on them says it
 * (migration 0009), as a literal, so the database reads them from that index.
 */
export function unpublishedArticles(db: Db) {
  return db.selectFrom("articles").where(sql<SqlBool>`status <> 'published'`);
}
