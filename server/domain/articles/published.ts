import type { Db } from "#server/db/database.ts";

/**
 * The articles visitors may see: the published ones. Drafts and scheduled articles exist only in
 * the admin area until they are published (a scheduled one by the publisher, at its time). The
 * list-order indexes end with the status, so this condition is read from the index.
 */
export function publishedArticles(db: Db) {
  return db.selectFrom("articles").where("articles.status", "=", "published");
}
