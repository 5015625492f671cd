import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/**
 * Managers added and helped from the web: one-time links that let someone create their account
 * (an invitation) or set a new password (a reset), and when each manager last signed in.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable("manager_links")
    // The SHA-256 of the token in the link: a copy of the database opens no account.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("purpose", "text", (c) => c.notNull())
    // Whose password a reset link sets; null for an invitation.
    .addColumn("administrator_id", "text", (c) => c.references("administrators.id").onDelete("cascade"))
    // Who the invitation is for, in the inviter's words, so the list of open links reads.
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    // The address of the manager who made it, kept as text: the link outlives that account.
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("manager_links_purpose").on("manager_links").columns(["purpose", "expires_at"]).execute();
  await db.schema.createIndex("manager_links_administrator").on("manager_links").column("administrator_id").execute();

  // Null until the next sign-in: older sign-ins are only in the audit log.
  await db.schema.alterTable("administrators").addColumn("last_signed_in_at", "text").execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable("administrators").dropColumn("last_signed_in_at").execute();
  await db.schema.dropTable("manager_links").execute();
}
