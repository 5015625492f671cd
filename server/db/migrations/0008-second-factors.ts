import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/**
 * Sign-in beyond passwords: passkeys (WebAuthn credentials), an authenticator app's TOTP secret
 * with its recovery codes, the short-lived challenges between the steps of a sign-in, and which
 * browser and address each session came from (so a manager can tell their sessions apart).
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable("passkeys")
    // The credential id the authenticator chose (base64url).
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("administrator_id", "text", (c) => c.notNull().references("administrators.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("transports", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("passkeys_administrator").on("passkeys").column("administrator_id").execute();

  await db.schema
    .createTable("totp_factors")
    .addColumn("administrator_id", "text", (c) => c.primaryKey().references("administrators.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    // Null while the manager has not yet shown a code from the app (the setup is not finished).
    .addColumn("confirmed_at", "text")
    // The last time step whose code was accepted: a code is good once.
    .addColumn("last_used_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("recovery_codes")
    // The SHA-256 of the code: the codes are random and long, so a plain hash is enough.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("administrator_id", "text", (c) => c.notNull().references("administrators.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("recovery_codes_administrator").on("recovery_codes").column("administrator_id").execute();

  await db.schema
    .createTable("sign_in_challenges")
    // The SHA-256 of the token in the browser's cookie.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("administrator_id", "text", (c) => c.references("administrators.id").onDelete("cascade"))
    .addColumn("challenge", "text")
    .addColumn("persistent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("device_id", "text")
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sign_in_challenges_expires_at").on("sign_in_challenges").column("expires_at").execute();

  await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
  await db.schema.alterTable("sessions").addColumn("client_address", "text").execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("client_address").execute();
  await db.schema.alterTable("sessions").dropColumn("user_agent").execute();
  for (const table of ["sign_in_challenges", "recovery_codes", "totp_factors", "passkeys"]) {
    await db.schema.dropTable(table).execute();
  }
}
