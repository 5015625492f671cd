import type { Db } from "#server/db/database.ts";
import { addressKey } from "#server/domain/client-address.ts";
import type { WriteAuthor, WriteClient } from "#server/domain/write/content-type.ts";
import { FieldError, ForbiddenError, TooManyAttemptsError } from "#server/failures.ts";
import { formatDateTime } from "#shared/dates.ts";
import { rememberDevice, touchDevice } from "./devices.ts";
import { accessEnded, createSession, type NewSession } from "./sessions.ts";
import {
  type AttemptKey,
  checkSignInLimit,
  type LimitPolicy,
  recordSignInAttempt,
  signInLimit,
} from "./sign-in-limiter.ts";
import { SIGN_IN_REFUSAL } from "./sign-in-refusals.ts";

/**
 * What every way of signing in shares (a password, its second factor, a passkey) and the checks
 * the account page asks again: the limiter's refusal, a refusal counted by the limiter, and the
 * same ending for a success: the attempt counted, a session, the device. The audit entries are
 * the write path's: each step is a command (decision 0044).
 */

/** The clock and the limiter's policy of the account commands: the defaults, or a test's. */
export interface AccountCommandOptions {
  now?: () => Date;
  policy?: LimitPolicy;
}

export interface AccountClock {
  now: () => Date;
  policy: LimitPolicy;
}

export function accountClock(options: AccountCommandOptions = {}): AccountClock {
  return { now: options.now ?? (() => new Date()), policy: options.policy ?? signInLimit };
}

/** A sign-in that worked: the new session, and a device cookie's token for a browser not yet known. */
export interface SignedIn {
  outcome: "signed-in";
  account: { id: string; email: string };
  session: NewSession;
  deviceToken?: string | undefined;
  /** How the manager proved who they are, for the log: "" for a password alone. */
  how: string;
}

/** The browser a sign-in step came from; a route always sends one. */
export function clientOf(by: WriteAuthor): WriteClient {
  return by.client ?? { address: "unknown" };
}

/** The limiter's keys of an attempt: the address (per /64 for IPv6), the account, the known device. */
export function attemptKey(client: WriteClient, email: string, deviceId?: string | null): AttemptKey {
  return { clientAddress: addressKey(client.address), email, deviceId: deviceId ?? undefined };
}

/** What every step says when the limiter refuses: "로그인에 너무 많이 실패했습니다. …부터 …". */
export function limitedMessage(retryAt: Date, now: Date = new Date(), what = "로그인"): string {
  const minutes = Math.ceil(Math.max(1, (retryAt.getTime() - now.getTime()) / 1000) / 60);
  return (
    `${what}에 너무 많이 실패했습니다. ${formatDateTime(retryAt.toISOString())}부터 ` +
    `다시 시도할 수 있습니다 (약 ${minutes}분 후).`
  );
}

/** Refuses the attempt before anything is checked when the key has used up its failures (not counted). */
export async function refuseWhenLimited(db: Db, key: AttemptKey, clock: AccountClock, what?: string) {
  const now = clock.now();
  const limit = await checkSignInLimit(db, key, now, clock.policy);
  if (limit.limited) {
    throw new TooManyAttemptsError(limit.retryAt, limitedMessage(limit.retryAt, now, what), {
      auditText: SIGN_IN_REFUSAL.limited,
    });
  }
}

/**
 * A wrong password, code or passkey: the refusal, counted by the limiter in the same transaction
 * as its failure entry. When this failure is the one that uses the key's failures up, the answer
 * says so (429) while the log keeps why it failed.
 */
export async function countedRefusal(
  db: Db,
  input: {
    key: AttemptKey;
    clock: AccountClock;
    /** The log's reason (SIGN_IN_REFUSAL, or what the account page asked again). */
    reason: string;
    /** What the person is told otherwise; next to `field` when given. */
    message: string;
    field?: string;
    /**
     * 401 for a sign-in step (who they are is not shown); 400 for the account page, where a
     * signed-in manager mistyped a field (`field` then names it).
     */
    status?: 400 | 401;
    /** What else the failure changes, in the same transaction (a pending sign-in's count of wrong codes). */
    also?: (trx: Db) => Promise<void>;
    what?: string;
  },
): Promise<Error> {
  const { key, clock } = input;
  const now = clock.now();
  const record = async (trx: Db) => {
    await input.also?.(trx);
    await recordSignInAttempt(trx, key, false, now, clock.policy);
  };
  const options = { auditText: input.reason, record };
  const after = await checkSignInLimit(db, key, now, clock.policy, { withFailureAt: now });
  if (after.limited)
    return new TooManyAttemptsError(after.retryAt, limitedMessage(after.retryAt, now, input.what), options);
  if (input.status === 400 && input.field) return new FieldError(input.field, input.message, options);
  return new ForbiddenError(401, input.message, { ...options, field: input.field });
}

export const ACCESS_ENDED =
  "이 계정의 사용 기간이 끝나 로그인할 수 없습니다. 계속 써야 한다면 사이트 소유자에게 기간 연장을 부탁하세요.";

/**
 * Refuses a sign-in to an account whose access ended (the end of a term), after its password or
 * passkey proved who it is: the person is told why, since they already showed who they are.
 */
export async function refuseEndedAccess(db: Db, accountId: string, now: Date): Promise<void> {
  const row = await db.selectFrom("accounts").select("access_ends_at").where("id", "=", accountId).executeTakeFirst();
  if (row && accessEnded(row.access_ends_at, now)) {
    throw new ForbiddenError(403, ACCESS_ENDED, { auditText: "사용 기간이 끝난 계정입니다" });
  }
}

/** What every way of signing in ends with, in the write's transaction: the attempt counted, a session, the device. */
export async function finishSignIn(
  trx: Db,
  input: {
    account: { id: string; email: string };
    key: AttemptKey;
    persistent: boolean;
    client: WriteClient;
    clock: AccountClock;
    how: string;
  },
): Promise<SignedIn> {
  const { account, key, clock } = input;
  const now = clock.now();
  await refuseEndedAccess(trx, account.id, now);
  await recordSignInAttempt(trx, key, true, now, clock.policy);
  const session = await createSession(trx, account.id, input.persistent, now, {
    userAgent: input.client.userAgent,
    address: input.client.address,
  });
  // Shown on the managers' page, so an account nobody uses any more stands out.
  await trx
    .updateTable("accounts")
    .set({ last_signed_in_at: now.toISOString() })
    .where("id", "=", account.id)
    .execute();
  let deviceToken: string | undefined;
  if (key.deviceId) await touchDevice(trx, key.deviceId, now);
  else deviceToken = await rememberDevice(trx, account.id, now);
  const signedIn = { id: account.id, email: account.email };
  return { outcome: "signed-in", account: signedIn, session, deviceToken, how: input.how };
}

/** The log's sentence for a sign-in: "'a@b' 계정으로 로그인했습니다 (인증 앱 코드, 로그인 상태 유지)". */
export function signedInMessage({ account, how, session }: SignedIn): string {
  const notes = [how, session.persistent ? "로그인 상태 유지" : ""].filter(Boolean).join(", ");
  return `'${account.email}' 계정으로 로그인했습니다${notes ? ` (${notes})` : ""}`;
}
