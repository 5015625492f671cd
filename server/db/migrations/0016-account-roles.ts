import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/**
 * Two roles for the people who run the site: an owner (accounts, backups, the site's identity)
 * and an editor (content and files). Every account that existed had every right, so every one
 * becomes an owner. An account's access may end at a date (the end of a term). An invitation
 * names the role the new account gets; the ones still open were made before roles existed and
 * become editors' invitations, the smaller of the two rights.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .alterTable("accounts")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("owner"))
    .execute();
  await db.schema.alterTable("accounts").addColumn("access_ends_at", "text").execute();
  await db.schema.alterTable("account_links").addColumn("role", "text").execute();
  await db.updateTable("account_links").set({ role: "editor" }).where("purpose", "=", "invite").execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable("account_links").dropColumn("role").execute();
  await db.schema.alterTable("accounts").dropColumn("access_ends_at").execute();
  await db.schema.alterTable("accounts").dropColumn("role").execute();
}
