import { type Db, migrateToLatest } from "#server/db/database.ts";
import { rebuildArticleIndex } from "#server/domain/articles/search-index.ts";

/**
 * Brings the database to the newest schema, then fills what a migration created empty and only
 * domain code can fill. Migrations are frozen steps that import no domain code; the search index
 * that 0005 creates is derived from the articles, so it is filled here, with today's indexer.
 * Returns the names of the migrations applied.
 */
export async function migrateDatabase(db: Db): Promise<string[]> {
  const applied = await migrateToLatest(db);
  if (applied.includes("0005-article-search")) await rebuildArticleIndex(db);
  return applied;
}
