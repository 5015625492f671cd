import { type Kysely, type RawBuilder, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/** Every list the managers edit item by item, plus the page-view counts. */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable("articles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("tag", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("published_at", "text", (c) => c.notNull())
    .addColumn("contents", "text", (c) => c.notNull())
    .addColumn("contents_text", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("articles_published_at").on("articles").columns(["published_at desc", "id"]).execute();
  await db.schema
    .createIndex("articles_tag_published_at")
    .on("articles")
    .columns(["tag", "published_at desc"])
    .execute();

  await db.schema
    .createTable("article_images")
    .addColumn("article_id", "text", (c) => c.notNull().references("articles.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("file_id", "text", (c) => c.notNull().references("files.id"))
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    .addPrimaryKeyConstraint("article_images_pk", ["article_id", "position"])
    .execute();
  await db.schema.createIndex("article_images_file").on("article_images").column("file_id").execute();

  await db.schema
    .createTable("periods")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("course_entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("period_id", "text", (c) => c.notNull().references("periods.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sqlIn("kind", ["project", "session", "study"])))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("leader", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("course_entries_period")
    .on("course_entries")
    .columns(["period_id", "kind", "position"])
    .execute();

  await db.schema
    .createTable("main_activities")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image_file_id", "text", (c) => c.references("files.id"))
    .addColumn("direction", "text", (c) =>
      c
        .notNull()
        .defaultTo("left")
        .check(sqlIn("direction", ["left", "right"])),
    )
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("main_activities_year")
    .on("main_activities")
    .columns(["year desc", "position"])
    .execute();

  await db.schema
    .createTable("odaeho_issues")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("published_at", "text", (c) => c.notNull())
    .addColumn("thumbnail_file_id", "text", (c) => c.notNull().references("files.id"))
    .addColumn("pdf_file_id", "text", (c) => c.notNull().references("files.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("odaeho_issues_position").on("odaeho_issues").column("position").execute();

  await db.schema
    .createTable("calendar_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("all_day", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("calendar_events_starts_at")
    .on("calendar_events")
    .columns(["starts_at", "ends_at"])
    .execute();

  await db.schema
    .createTable("feed_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("image_file_id", "text", (c) => c.notNull().references("files.id"))
    .addColumn("caption", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("posted_at", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("feed_items_position").on("feed_items").column("position").execute();

  await db.schema
    .createTable("organization_groups")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("organization_members")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("group_id", "text", (c) => c.notNull().references("organization_groups.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("photo_file_id", "text", (c) => c.references("files.id"))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("organization_members_group")
    .on("organization_members")
    .columns(["group_id", "position"])
    .execute();

  await db.schema
    .createTable("page_views")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("page_views_pk", ["day", "path"])
    .execute();
}

/** A check that a text column holds one of a fixed set of words. */
function sqlIn(column: string, values: string[]): RawBuilder<unknown> {
  return sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(", ")})`);
}

export async function down(db: AnyDatabase): Promise<void> {
  for (const table of [
    "page_views",
    "organization_members",
    "organization_groups",
    "feed_items",
    "calendar_events",
    "odaeho_issues",
    "main_activities",
    "course_entries",
    "periods",
    "article_images",
    "articles",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
