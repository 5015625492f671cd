import { type Kysely, PostgresAdapter, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/**
 * The articles' search index and tag counts (decision 0013), filled from the articles that
 * exist by `migrateDatabase` (server/migrate.ts) once this step has run. SQLite keeps the
 * terms in an FTS5 table whose rowid is the article's search key; PostgreSQL keeps them as
 * tsvectors (built from the terms, no text search parser involved) under GIN indexes.
 */
export async function up(db: AnyDatabase): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let table = db.schema
    .createTable("article_search")
    // No cascade: deleting an article that is still indexed fails instead of leaving terms behind.
    .addColumn("article_id", "text", (c) => c.primaryKey().references("articles.id"))
    .addColumn("search_key", postgres ? "bigint" : "integer", (c) => c.notNull())
    .addColumn("tag", "text", (c) => c.notNull());
  if (postgres) {
    table = table
      .addColumn("title_text", "text", (c) => c.notNull())
      .addColumn("body_text", "text", (c) => c.notNull())
      .addColumn("title_terms", sql`tsvector`, (c) => c.notNull())
      .addColumn("terms", sql`tsvector`, (c) => c.notNull());
  }
  await table.execute();

  if (postgres) {
    await db.schema
      .createIndex("article_search_key")
      .on("article_search")
      .columns(["search_key desc", "article_id"])
      .execute();
    await db.schema
      .createIndex("article_search_tag_key")
      .on("article_search")
      .columns(["tag", "search_key desc"])
      .execute();
    await sql`create index article_search_terms on article_search using gin (terms)`.execute(db);
    await sql`create index article_search_title_terms on article_search using gin (title_terms)`.execute(db);
  } else {
    await db.schema.createIndex("article_search_key").on("article_search").column("search_key").unique().execute();
    // Contentless: the terms are only looked up, never read back; rowid is the search key.
    await sql`create virtual table article_search_fts using fts5(
      title, body, tag,
      content = '', contentless_delete = 1, tokenize = 'ascii'
    )`.execute(db);
  }

  // A tag's page is read in list order (newest, then id) straight from this index.
  await db.schema.dropIndex("articles_tag_published_at").execute();
  await db.schema
    .createIndex("articles_tag_published_at")
    .on("articles")
    .columns(["tag", "published_at desc", "id"])
    .execute();

  // The sitemap lists articles the most recently changed first, and cuts its parts from that list.
  await db.schema.createIndex("articles_updated_at").on("articles").columns(["updated_at desc", "id"]).execute();

  await db.schema
    .createTable("article_tag_counts")
    .addColumn("tag", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();
}
