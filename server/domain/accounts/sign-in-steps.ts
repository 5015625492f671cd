import type { Db } from "#server/db/database.ts";
import { writeAuditLog } from "#server/domain/audit-log/audit-log.ts";
import { rememberDevice, touchDevice } from "./devices.ts";
import { createSession, type NewSession } from "./sessions.ts";
import { type AttemptKey, checkSignInLimit, type LimitPolicy, recordSignInAttempt } from "./sign-in-limiter.ts";
import { SIGN_IN_REFUSAL } from "./sign-in-refusals.ts";

/**
 * What every way of signing in shares (a password, its second factor, a passkey): the limiter's
 * refusal, a failure counted and logged, and the same ending for a success.
 */
export interface SignedIn {
  outcome: "signed-in";
  account: { id: string; email: string };
  session: NewSession;
  /** A new device cookie's token, when the browser was not a known device yet. */
  deviceToken?: string | undefined;
}

export type Limited = { outcome: "limited"; retryAt: Date };

/** What every way of signing in ends with: the attempt counted, a session, the device, the log. */
export async function finishSignIn(
  db: Db,
  input: {
    account: { id: string; email: string };
    key: AttemptKey;
    persistent: boolean;
    client: { clientAddress: string; userAgent?: string | undefined };
    /** How the manager proved who they are, for the log: "" for a password alone. */
    how: string;
    now: Date;
    policy: LimitPolicy;
  },
): Promise<SignedIn> {
  const { account, key, now } = input;
  return db.transaction().execute(async (trx) => {
    await recordSignInAttempt(trx, key, true, now, input.policy);
    const session = await createSession(trx, account.id, input.persistent, now, {
      userAgent: input.client.userAgent,
      address: input.client.clientAddress,
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
    const notes = [input.how, input.persistent ? "로그인 상태 유지" : ""].filter(Boolean).join(", ");
    await writeAuditLog(trx, {
      category: "account",
      content: `'${account.email}' 계정으로 로그인했습니다${notes ? ` (${notes})` : ""}`,
      actor: account.email,
    });
    return {
      outcome: "signed-in" as const,
      account: { id: account.id, email: account.email },
      session,
      deviceToken,
    };
  });
}

/** A refused attempt: counted by the limiter and written to the log in one transaction. */
export async function refuseAttempt(
  db: Db,
  input: { key: AttemptKey; content: string; error: string; actor: string; now: Date; policy: LimitPolicy },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await recordSignInAttempt(trx, input.key, false, input.now, input.policy);
    await writeAuditLog(trx, { category: "account", content: input.content, error: input.error, actor: input.actor });
  });
}

export async function limitedAttempt(
  db: Db,
  key: AttemptKey,
  clientAddress: string,
  now: Date,
  policy: LimitPolicy,
): Promise<Limited | undefined> {
  const limit = await checkSignInLimit(db, key, now, policy);
  if (!limit.limited) return undefined;
  await writeAuditLog(db, {
    category: "account",
    content: `'${key.email}' 계정 로그인을 막았습니다: 실패가 너무 많습니다 (접속 주소 ${clientAddress}${key.deviceId ? ", 알려진 기기" : ""})`,
    error: SIGN_IN_REFUSAL.limited,
    actor: key.email,
  });
  return { outcome: "limited", retryAt: limit.retryAt };
}
