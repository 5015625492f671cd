import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/**
 * The backups the site takes itself (BACKUP_TO), one row per scheduled time: the row is the
 * claim, so of several processes and instances only the one that adds it (or takes over a
 * failed attempt) makes that backup, and the dashboard reads the last one from here.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable("scheduled_backups")
    .addColumn("slot", "text", (c) => c.primaryKey())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("taken_by", "text", (c) => c.notNull())
    .addColumn("location", "text")
    .addColumn("bytes", "bigint")
    .addColumn("sha256", "text")
    .addColumn("error", "text")
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable("scheduled_backups").execute();
}
