import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/**
 * What the import from the original site has brought in (decision 0033): one row per source
 * document or list entry, keyed by where it stood in the export, naming the record it became.
 * A second run finds its rows here and leaves those records alone.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable("imported_records")
    .addColumn("source", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("imported_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable("imported_records").execute();
}
