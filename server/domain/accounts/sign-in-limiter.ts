import type { Db } from "#server/db/database.ts";
import { newId } from "#server/storage/storage.ts";

/**
 * Failed sign-ins are limited. An attempt from a known device of the account (devices.ts) is
 * counted per device alone; any other attempt per client address and per e-mail address, among
 * the attempts that came from no known device. So strangers' failures lock out strangers, never
 * the owner's browser. The attempts live in the database, so every app instance sharing it
 * counts the same failures.
 */
export interface LimitPolicy {
  maxFailures: number;
  windowMs: number;
}

export const signInLimit: LimitPolicy = { maxFailures: 10, windowMs: 15 * 60 * 1000 };

export type LimitDecision = { limited: false } | { limited: true; retryAt: Date };

export interface AttemptKey {
  clientAddress: string;
  email: string;
  /** The known device the attempt came from, if any. */
  deviceId?: string | undefined;
}

/**
 * Whether another attempt is allowed, given the times of recent failures. When limited, the
 * answer says when the oldest counted failure leaves the window, which is when one more attempt
 * becomes possible.
 */
export function decideLimit(
  failureTimes: readonly string[],
  now: Date,
  policy: LimitPolicy = signInLimit,
): LimitDecision {
  const start = now.getTime() - policy.windowMs;
  const inWindow = failureTimes
    .map((time) => Date.parse(time))
    .filter((time) => time > start)
    .sort((a, b) => b - a);
  const oldestCounted = inWindow[policy.maxFailures - 1];
  if (oldestCounted === undefined) return { limited: false };
  return { limited: true, retryAt: new Date(oldestCounted + policy.windowMs) };
}

/** The oldest moment a counted attempt can have, as stored (ISO). */
function windowStart(now: Date, policy: LimitPolicy): string {
  return new Date(now.getTime() - policy.windowMs).toISOString();
}

/**
 * Whether the address or the e-mail address has used up its failures; the later time wins.
 * `withFailureAt` counts one more failure at that time, not yet written: whether the failure
 * being refused is the one that uses them up.
 */
export async function checkSignInLimit(
  db: Db,
  key: AttemptKey,
  now: Date = new Date(),
  policy: LimitPolicy = signInLimit,
  options: { withFailureAt?: Date } = {},
): Promise<LimitDecision> {
  const since = windowStart(now, policy);
  const recentFailures = (column: "client_address" | "email" | "device_id", value: string) => {
    let query = db
      .selectFrom("sign_in_attempts")
      .select("attempted_at")
      .where(column, "=", value)
      .where("attempted_at", ">", since)
      .where("succeeded", "=", 0);
    if (column !== "device_id") query = query.where("device_id", "is", null);
    return query.orderBy("attempted_at", "desc").limit(policy.maxFailures).execute();
  };
  const counted = key.deviceId
    ? [await recentFailures("device_id", key.deviceId)]
    : await Promise.all([recentFailures("client_address", key.clientAddress), recentFailures("email", key.email)]);
  const extra = options.withFailureAt ? [options.withFailureAt.toISOString()] : [];
  const decisions = counted.map((rows) => decideLimit([...rows.map((row) => row.attempted_at), ...extra], now, policy));
  const retryTimes = decisions.flatMap((decision) => (decision.limited ? [decision.retryAt.getTime()] : []));
  return retryTimes.length === 0 ? { limited: false } : { limited: true, retryAt: new Date(Math.max(...retryTimes)) };
}

/** Records an attempt and drops this key's attempts that have left the window. */
export async function recordSignInAttempt(
  db: Db,
  key: AttemptKey,
  succeeded: boolean,
  now: Date = new Date(),
  policy: LimitPolicy = signInLimit,
): Promise<void> {
  const since = windowStart(now, policy);
  await db
    .deleteFrom("sign_in_attempts")
    .where((eb) => eb.or([eb("client_address", "=", key.clientAddress), eb("email", "=", key.email)]))
    .where("attempted_at", "<=", since)
    .execute();
  await db
    .insertInto("sign_in_attempts")
    .values({
      id: newId(),
      client_address: key.clientAddress,
      email: key.email,
      device_id: key.deviceId ?? null,
      succeeded: succeeded ? 1 : 0,
      attempted_at: now.toISOString(),
    })
    .execute();
}

/** Removes every attempt that has left the window (at start, for keys never seen again). */
export async function deleteOldSignInAttempts(
  db: Db,
  now: Date = new Date(),
  policy: LimitPolicy = signInLimit,
): Promise<number> {
  const result = await db
    .deleteFrom("sign_in_attempts")
    .where("attempted_at", "<=", windowStart(now, policy))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
