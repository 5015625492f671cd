import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import type { Db } from "#server/db/database.ts";
import { openSecret, sealSecret } from "./secret-box.ts";

/**
 * The second factor: an authenticator app's six-digit codes (TOTP, RFC 6238: SHA-1, 30-second
 * steps, as every common app expects) and ten one-time recovery codes for a lost phone. The
 * setup is two steps: a secret is made and shown as a QR code, and it counts only once the
 * manager has typed a code the app made from it. Recovery codes are shown once and stored as
 * SHA-256 hashes (80 random bits each, so a copy of the database cannot be searched for them).
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side of now: a phone's clock a little off still works. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

export type AuthenticatorAppState =
  | { state: "off" }
  /** Set up but not yet confirmed with a code: the secret is still shown. */
  | { state: "pending"; secret: string }
  | { state: "on"; since: string; recoveryCodesLeft: number };

function totpOf(secret: string, label = "", issuer = ""): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });
}

/** What a manager typed, as a code: digits only (spaces from copying are dropped). */
export function normaliseCode(value: string): string {
  return value.replace(/\s+/g, "");
}

export function isTotpCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** The step a code matched, or null. Exported for tests, which compute codes as an app does. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  if (!isTotpCode(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** The code an app shows for this secret at this time (tests and the command line). */
export function currentCode(secret: string, now: Date = new Date()): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}

export async function authenticatorAppState(db: Db, accountId: string): Promise<AuthenticatorAppState> {
  const row = await db
    .selectFrom("totp_factors")
    .select(["secret", "confirmed_at"])
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!row) return { state: "off" };
  if (!row.confirmed_at) return { state: "pending", secret: openSecret(row.secret) };
  const left = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("account_id", "=", accountId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return { state: "on", since: row.confirmed_at, recoveryCodesLeft: Number(left.count) };
}

/** True when signing in with a password also needs a code. */
export async function hasSecondFactor(db: Db, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom("totp_factors")
    .select("account_id")
    .where("account_id", "=", accountId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Begins the setup with a new secret (20 random bytes, RFC 4226's recommended length), replacing
 * an unfinished one, in the caller's transaction. An app already confirmed is left alone (it is
 * turned off first): undefined then.
 */
export async function beginAuthenticatorApp(
  trx: Db,
  accountId: string,
  now: Date = new Date(),
): Promise<string | undefined> {
  const current = await authenticatorAppState(trx, accountId);
  if (current.state === "on") return undefined;
  const secret = new Secret({ size: 20 }).base32;
  await trx.deleteFrom("totp_factors").where("account_id", "=", accountId).execute();
  await trx
    .insertInto("totp_factors")
    .values({
      account_id: accountId,
      // Sealed at rest (secret-box.ts); the setup page shows the plain one once.
      secret: sealSecret(secret),
      confirmed_at: null,
      last_used_step: null,
      created_at: now.toISOString(),
    })
    .execute();
  return secret;
}

/** The otpauth:// address an app reads from the QR code; the label names the club and account. */
export function setupUri(secret: string, issuer: string, email: string): string {
  return totpOf(secret, email, issuer).toString();
}

/** The QR code of the setup address, as an SVG document (shown as an image, never fetched). */
export function setupQrCode(uri: string): string {
  return renderSVG(uri, { ecc: "M", border: 2, pixelSize: 6 });
}

/** The setup secret split into groups of four, easier to type into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

export type ConfirmResult =
  | { outcome: "confirmed"; recoveryCodes: string[] }
  | { outcome: "wrong-code" }
  | { outcome: "not-pending" };

/**
 * Finishes the setup with a code from the app, in the caller's transaction; the recovery codes
 * are returned to be shown once.
 */
export async function confirmAuthenticatorApp(
  trx: Db,
  accountId: string,
  code: string,
  now: Date = new Date(),
): Promise<ConfirmResult> {
  const current = await authenticatorAppState(trx, accountId);
  if (current.state !== "pending") return { outcome: "not-pending" };
  const step = matchingStep(current.secret, normaliseCode(code), now);
  if (step === null) return { outcome: "wrong-code" };
  const updated = await trx
    .updateTable("totp_factors")
    .set({ confirmed_at: now.toISOString(), last_used_step: step })
    .where("account_id", "=", accountId)
    .where("confirmed_at", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return { outcome: "not-pending" };
  return { outcome: "confirmed", recoveryCodes: await replaceRecoveryCodes(trx, accountId, now) };
}

/**
 * Checks a code against the confirmed secret. A code is good once: the step it matched must be
 * later than the last accepted one, so a code seen over a shoulder cannot be used again.
 */
export async function acceptAuthenticatorCode(
  db: Db,
  accountId: string,
  code: string,
  now: Date = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom("totp_factors")
    .select(["secret", "last_used_step"])
    .where("account_id", "=", accountId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  if (!row) return false;
  const step = matchingStep(openSecret(row.secret), normaliseCode(code), now);
  if (step === null || (row.last_used_step !== null && step <= row.last_used_step)) return false;
  // The condition on the old step makes two requests with the same code race to one winner.
  const updated = await db
    .updateTable("totp_factors")
    .set({ last_used_step: step })
    .where("account_id", "=", accountId)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Turns the app off (after a code from it, checked by the caller) and drops the recovery codes. */
export async function removeAuthenticatorApp(trx: Db, accountId: string): Promise<void> {
  await trx.deleteFrom("totp_factors").where("account_id", "=", accountId).execute();
  await trx.deleteFrom("recovery_codes").where("account_id", "=", accountId).execute();
}

/** Drops an unfinished setup (the manager changed their mind before typing a code); true when there was one. */
export async function cancelAuthenticatorApp(trx: Db, accountId: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom("totp_factors")
    .where("account_id", "=", accountId)
    .where("confirmed_at", "is", null)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

// Recovery codes: 16 characters of RFC 4648 base32 in four groups, e.g. "k3vq-7mzp-2hxa-94tc".
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const characters = [...bytes].map((byte) => BASE32[byte % 32]).join("");
  return characters.match(/.{4}/g)?.join("-") ?? characters;
}

/** A typed recovery code as stored: lower case, without dashes or spaces. */
export function normaliseRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]+/g, "");
}

function recoveryCodeId(code: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(code)).digest("base64url");
}

export function looksLikeRecoveryCode(value: string): boolean {
  return /^[a-z2-7]{16}$/.test(normaliseRecoveryCode(value));
}

/** Replaces every recovery code with ten new ones (in the caller's transaction), returned to be shown once. */
export async function replaceRecoveryCodes(db: Db, accountId: string, now: Date = new Date()) {
  await db.deleteFrom("recovery_codes").where("account_id", "=", accountId).execute();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db
    .insertInto("recovery_codes")
    .values(
      codes.map((code) => ({
        id: recoveryCodeId(code),
        account_id: accountId,
        created_at: now.toISOString(),
        used_at: null,
      })),
    )
    .execute();
  return codes;
}

/** Uses up a recovery code: true once per code, false for a used, unknown or foreign one. */
export async function spendRecoveryCode(
  db: Db,
  accountId: string,
  code: string,
  now: Date = new Date(),
): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const updated = await db
    .updateTable("recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("id", "=", recoveryCodeId(code))
    .where("account_id", "=", accountId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
