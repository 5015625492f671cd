import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/**
 * Articles get a status: draft, scheduled or published (every existing article is published).
 * The list-order and sitemap indexes carry the status as their last column, so a visitor's list
 * and the sitemap skip drafts and scheduled articles from the index alone; the publisher finds
 * the next scheduled article by an index of its own.
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
  await db.schema
    .createIndex("articles_status_published_at")
    .on("articles")
    .columns(["status", "published_at"])
    .execute();
}
