import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/**
 * One row counting the changes to published content. Every admin write raises it in its own
 * transaction; each server process compares it with the count its page cache was filled at.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable("content_revision")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("changed_at", "text", (c) => c.notNull())
    .execute();
  await db
    .insertInto("content_revision")
    .values({ id: 1, revision: 1, changed_at: new Date().toISOString() })
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable("content_revision").execute();
}
