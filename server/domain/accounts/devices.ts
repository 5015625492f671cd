import { createHash, randomBytes } from "node:crypto";
import type { Db } from "#server/db/database.ts";

/**
 * Known devices (OWASP's device cookies): a browser that signed in successfully keeps a random
 * token, and the database keeps its SHA-256 with the account it signed in to. An attempt that
 * brings a token of the account it names is counted on its own (per device), so failures by
 * strangers, counted per address and per account, never lock the owner out.
 */
export const DEVICE_COOKIE_NAME = "club_device";
/** How long a browser stays known without signing in again. */
export const DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

function deviceIdOf(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function isDeviceToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** Remembers the browser an manager just signed in from; the token goes into its cookie. */
export async function rememberDevice(db: Db, accountId: string, now: Date = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("known_devices")
    .values({
      id: deviceIdOf(token),
      account_id: accountId,
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
    })
    .execute();
  return token;
}

/** The known device a token names, if it signed in to the account with this e-mail address. */
export async function findKnownDevice(
  db: Db,
  token: string | undefined,
  email: string,
  now: Date = new Date(),
): Promise<string | undefined> {
  if (!isDeviceToken(token)) return undefined;
  const row = await db
    .selectFrom("known_devices")
    .innerJoin("accounts", "accounts.id", "known_devices.account_id")
    .select(["known_devices.id", "known_devices.last_used_at"])
    .where("known_devices.id", "=", deviceIdOf(token))
    .where("accounts.email", "=", email)
    .executeTakeFirst();
  if (!row) return undefined;
  if (Date.parse(row.last_used_at) + DEVICE_LIFETIME_MS <= now.getTime()) return undefined;
  return row.id;
}

/** A known device signed in again: it stays known for another year. */
export async function touchDevice(db: Db, deviceId: string, now: Date = new Date()) {
  await db.updateTable("known_devices").set({ last_used_at: now.toISOString() }).where("id", "=", deviceId).execute();
}

/** Forgets every device of an manager (a lost phone, a reset of their sign-in). */
export async function forgetDevicesOf(db: Db, accountId: string): Promise<number> {
  const result = await db.deleteFrom("known_devices").where("account_id", "=", accountId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
