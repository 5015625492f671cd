import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/**
 * Revision history and autosaved copies. A revision is one saved state of an article or a single
 * document (its JSON), with who saved it and when; the history panel lists a subject's revisions
 * newest first, so they are indexed by subject and time. An autosave is a manager's unsaved copy
 * of an article being written, one per manager and article ("new" for one not yet created).
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable("revisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subject_kind", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("revisions_subject_created_at")
    .on("revisions")
    .columns(["subject_kind", "subject_id", "created_at desc"])
    .execute();

  await db.schema
    .createTable("article_autosaves")
    .addColumn("administrator_id", "text", (c) => c.notNull())
    .addColumn("article_key", "text", (c) => c.notNull())
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("saved_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("article_autosaves_pk", ["administrator_id", "article_key"])
    .execute();
}
