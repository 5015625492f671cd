import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/**
 * Articles get a status: draft, scheduled or published (every existing article is published).
 * The list-order and sitemap indexes carry the status as their last column, so a visitor's list
 * and the sitemap skip drafts and scheduled articles from the index alone; the few articles not
 * yet published have an index of their own.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .alterTable("articles")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
    .execute();
  await db.schema.dropIndex("articles_published_at").execute();
  await db.schema.dropIndex("articles_tag_published_at").execute();
  await db.schema.dropIndex("articles_updated_at").execute();
  await db.schema
    .createIndex("articles_published_at")
    .on("articles")
    .columns(["published_at desc", "id", "status"])
    .execute();
  await db.schema
    .createIndex("articles_tag_published_at")
    .on("articles")
    .columns(["tag", "published_at desc", "id", "status"])
    .execute();
  await db.schema
    .createIndex("articles_updated_at")
    .on("articles")
    .columns(["updated_at desc", "id", "status"])
    .execute();
  // Partial, so only a query that says `status <> 'published'` in these words (the admin's list of
  // drafts and scheduled articles, the publisher) can use it; an index on the status alone would
  // tempt the planner away from the list order for visitors' lists.
  await sql`create index articles_not_published on articles (status, published_at)
    where status <> 'published'`.execute(db);
}
