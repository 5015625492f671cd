import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/**
 * Browsers an administrator has signed in from (the device cookie of OWASP's lockout advice),
 * and which device each sign-in attempt came from: a known device's attempts are limited on
 * their own, so strangers' failures cannot lock the owner out.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable("known_devices")
    // The SHA-256 of the cookie's token, as for sessions.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("administrator_id", "text", (c) => c.notNull().references("administrators.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("known_devices_administrator").on("known_devices").column("administrator_id").execute();
  await db.schema.alterTable("sign_in_attempts").addColumn("device_id", "text").execute();
  await db.schema
    .createIndex("sign_in_attempts_device")
    .on("sign_in_attempts")
    .columns(["device_id", "attempted_at"])
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropIndex("sign_in_attempts_device").execute();
  await db.schema.alterTable("sign_in_attempts").dropColumn("device_id").execute();
  await db.schema.dropTable("known_devices").execute();
}
