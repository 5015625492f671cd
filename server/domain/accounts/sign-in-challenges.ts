import { createHash, randomBytes } from "node:crypto";
import type { Db } from "#server/db/database.ts";

/**
 * The state between two steps of signing in or of adding a passkey: the WebAuthn challenge the
 * browser must sign, or a password already checked that waits for its second factor. The browser
 * holds a random token in a short-lived cookie; the database holds its SHA-256, so every app
 * instance sharing the database can finish a step another one began.
 */
export type ChallengePurpose = "passkey-sign-in" | "passkey-registration" | "second-factor";

/** Long enough to find the phone and type a code; short enough that a forgotten tab expires. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
/** Wrong codes one pending sign-in takes before the password must be typed again. */
export const MAX_CHALLENGE_FAILURES = 5;

export interface Challenge {
  id: string;
  purpose: ChallengePurpose;
  accountId: string | null;
  /** The WebAuthn challenge (base64url), for the passkey purposes. */
  challenge: string | null;
  persistent: boolean;
  /** The known device the password was typed on (see devices.ts). */
  deviceId: string | null;
  failures: number;
}

export function isChallengeToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

function challengeIdOf(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Opens a challenge; the token returned goes into the browser's cookie and nowhere else. */
export async function openChallenge(
  db: Db,
  input: {
    purpose: ChallengePurpose;
    accountId?: string | undefined;
    challenge?: string | undefined;
    persistent?: boolean | undefined;
    deviceId?: string | undefined;
  },
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("sign_in_challenges")
    .values({
      id: challengeIdOf(token),
      purpose: input.purpose,
      account_id: input.accountId ?? null,
      challenge: input.challenge ?? null,
      persistent: input.persistent ? 1 : 0,
      device_id: input.deviceId ?? null,
      failures: 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHALLENGE_LIFETIME_MS).toISOString(),
    })
    .execute();
  return token;
}

/** The open challenge a token names, for this purpose, while it lasts. */
export async function findChallenge(
  db: Db,
  token: string | undefined,
  purpose: ChallengePurpose,
  now: Date = new Date(),
): Promise<Challenge | undefined> {
  if (!isChallengeToken(token)) return undefined;
  const row = await db
    .selectFrom("sign_in_challenges")
    .selectAll()
    .where("id", "=", challengeIdOf(token))
    .where("purpose", "=", purpose)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    purpose,
    accountId: row.account_id,
    challenge: row.challenge,
    persistent: row.persistent === 1,
    deviceId: row.device_id,
    failures: row.failures,
  };
}

/**
 * Closes a challenge. True when this call closed it: of two requests finishing the same step at
 * once, only one gets true, so a challenge is used once.
 */
export async function closeChallenge(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("sign_in_challenges").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Counts a wrong code; after MAX_CHALLENGE_FAILURES the challenge is closed. Returns true then. */
export async function failChallenge(db: Db, challenge: Challenge): Promise<boolean> {
  if (challenge.failures + 1 >= MAX_CHALLENGE_FAILURES) {
    await closeChallenge(db, challenge.id);
    return true;
  }
  await db
    .updateTable("sign_in_challenges")
    .set((eb) => ({ failures: eb("failures", "+", 1) }))
    .where("id", "=", challenge.id)
    .execute();
  return false;
}

/** Removes challenges past their time (housekeeping; expired ones are refused anyway). */
export async function deleteExpiredChallenges(db: Db, now: Date = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("sign_in_challenges")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
