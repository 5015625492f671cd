import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/**
 * Web vitals of real visits as daily histograms: one row per Seoul day, page, metric and bucket,
 * whose count grows with each sample (see server/domain/analytics/web-vitals.ts for the buckets).
 * The primary key starts with the day, so the dashboard's range reads only the days it shows.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable("web_vitals")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("metric", "text", (c) => c.notNull().check(sql`metric in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')`))
    .addColumn("bucket", "integer", (c) => c.notNull().check(sql`bucket >= 0`))
    .addColumn("samples", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("web_vitals_pk", ["day", "path", "metric", "bucket"])
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropTable("web_vitals").execute();
}
