import type { Kysely } from "kysely";

// Migrations take Kysely<any>: they describe the schema as it was at that step, not as it is now.
// biome-ignore lint/suspicious/noExplicitAny: see above
type AnyDatabase = Kysely<any>;

export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable("documents")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("version", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("files")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("storage_key", "text", (column) => column.notNull().unique())
    .addColumn("content_type", "text", (column) => column.notNull())
    .addColumn("byte_size", "integer", (column) => column.notNull())
    .addColumn("original_name", "text")
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    // Widths of the smaller copies kept beside an image (JSON array), for srcset.
    .addColumn("variant_widths", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable("files").execute();
  await db.schema.dropTable("documents").execute();
}
