import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/**
 * The file library (decision 0029) lists every upload newest first, of one kind or all, and
 * tells the used from the unused by looking each file up in the columns that name files. Those
 * columns get an index each (article_images.file_id has one already), so a lookup is a probe
 * and not a walk through the table, however many files there are.
 */
export async function up(db: AnyDatabase): Promise<void> {
  // With the name: a search reads the names from the index as it walks it, not every row.
  await db.schema
    .createIndex("files_created_at")
    .on("files")
    .columns(["created_at desc", "id", "original_name"])
    .execute();
  await db.schema
    .createIndex("files_content_type_created_at")
    .on("files")
    .columns(["content_type", "created_at desc", "id"])
    .execute();
  for (const [table, column] of fileColumns) {
    await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
  }
}

const fileColumns = [
  ["main_activities", "image_file_id"],
  ["odaeho_issues", "thumbnail_file_id"],
  ["odaeho_issues", "pdf_file_id"],
  ["feed_items", "image_file_id"],
  ["organization_members", "photo_file_id"],
] as const;

export async function down(db: AnyDatabase): Promise<void> {
  for (const [table, column] of fileColumns) await db.schema.dropIndex(`${table}_${column}`).execute();
  await db.schema.dropIndex("files_content_type_created_at").execute();
  await db.schema.dropIndex("files_created_at").execute();
}
