import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/** Administrators, their sessions, sign-in attempts (for the limiter) and the audit log. */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable("administrators")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    // The SHA-256 of the cookie's token: a stolen database copy holds no usable session.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("administrator_id", "text", (c) => c.notNull().references("administrators.id").onDelete("cascade"))
    .addColumn("persistent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_administrator").on("sessions").column("administrator_id").execute();
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("sign_in_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("client_address", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("succeeded", "integer", (c) => c.notNull())
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sign_in_attempts_address")
    .on("sign_in_attempts")
    .columns(["client_address", "attempted_at"])
    .execute();
  await db.schema
    .createIndex("sign_in_attempts_email")
    .on("sign_in_attempts")
    .columns(["email", "attempted_at"])
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("time", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_time").on("audit_log").columns(["time desc", "id"]).execute();
  await db.schema.createIndex("audit_log_category_time").on("audit_log").columns(["category", "time desc"]).execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  for (const table of ["audit_log", "sign_in_attempts", "sessions", "administrators"]) {
    await db.schema.dropTable(table).execute();
  }
}
