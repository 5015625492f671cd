import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema as it was at this step
type AnyDatabase = Kysely<any>;

/** The tables that named an account `administrator_id`, with the index kept on that column. */
const ACCOUNT_COLUMNS: readonly { table: string; index?: string }[] = [
  { table: "sessions", index: "sessions_administrator" },
  { table: "known_devices", index: "known_devices_administrator" },
  { table: "passkeys", index: "passkeys_administrator" },
  { table: "totp_factors" },
  { table: "recovery_codes", index: "recovery_codes_administrator" },
  { table: "sign_in_challenges" },
  { table: "article_autosaves" },
  { table: "manager_links", index: "manager_links_administrator" },
];

/**
 * One word for the people who run the site: `administrators` becomes `accounts`, every
 * `administrator_id` becomes `account_id`, and `manager_links` becomes `account_links`. Renames
 * keep the rows, the keys and the foreign keys (both engines follow a renamed table and column).
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema.alterTable("administrators").renameTo("accounts").execute();
  for (const { table, index } of ACCOUNT_COLUMNS) {
    if (index) await db.schema.dropIndex(index).execute();
    await db.schema.alterTable(table).renameColumn("administrator_id", "account_id").execute();
  }
  await db.schema.alterTable("manager_links").renameTo("account_links").execute();
  await db.schema.dropIndex("manager_links_purpose").execute();
  for (const { table, index } of ACCOUNT_COLUMNS) {
    if (!index) continue;
    const renamed = table === "manager_links" ? "account_links" : table;
    await db.schema.createIndex(`${renamed}_account`).on(renamed).column("account_id").execute();
  }
  await db.schema.createIndex("account_links_purpose").on("account_links").columns(["purpose", "expires_at"]).execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.schema.dropIndex("account_links_purpose").execute();
  for (const { table, index } of ACCOUNT_COLUMNS) {
    if (!index) continue;
    const renamed = table === "manager_links" ? "account_links" : table;
    await db.schema.dropIndex(`${renamed}_account`).execute();
  }
  await db.schema.alterTable("account_links").renameTo("manager_links").execute();
  for (const { table, index } of ACCOUNT_COLUMNS) {
    await db.schema.alterTable(table).renameColumn("account_id", "administrator_id").execute();
    if (index) await db.schema.createIndex(index).on(table).column("administrator_id").execute();
  }
  await db.schema.createIndex("manager_links_purpose").on("manager_links").columns(["purpose", "expires_at"]).execute();
  await db.schema.alterTable("accounts").renameTo("administrators").execute();
}
