import type { Db } from "#server/db/database.ts";
import { writeAuditLog } from "#server/domain/audit-log/audit-log.ts";
import { addressKey } from "#server/domain/client-address.ts";
import { checkAccountPassword } from "./account-checks.ts";
import { findAccountByEmail, setPassword } from "./accounts.ts";
import { hasSecondFactor } from "./authenticator-app.ts";
import { findKnownDevice } from "./devices.ts";
import { hashPassword, needsRehash, spendVerificationTime, verifyPassword } from "./passwords.ts";
import { describeDevice } from "./session-devices.ts";
import { type ActiveSession, deleteSession, deleteSessionsOf, type NewSession } from "./sessions.ts";
import { openChallenge } from "./sign-in-challenges.ts";
import { checkSignInLimit, type LimitPolicy, signInLimit } from "./sign-in-limiter.ts";
import { SIGN_IN_REFUSAL } from "./sign-in-refusals.ts";
import { finishSignIn, type Limited, limitedAttempt, refuseAttempt, type SignedIn } from "./sign-in-steps.ts";

/**
 * Signing in with a password (then a code, when the manager has turned the authenticator app on:
 * second-factor-sign-in.ts; a passkey signs in alone: passkey-sign-in.ts) and out, and changing
 * one's password, each with its audit-log entry.
 */
export type SignInResult =
  | SignedIn
  /** The password was right; a code is asked next. The token goes into the challenge cookie. */
  | { outcome: "second-factor"; challengeToken: string }
  /** Wrong address or wrong password: the two are never told apart. */
  | { outcome: "rejected" }
  | Limited;

export interface SignInInput {
  /** Normalised (see `emailAddressSchema`). */
  email: string;
  password: string;
  persistent: boolean;
  clientAddress: string;
  /** The browser's User-Agent header, kept with the session. */
  userAgent?: string | undefined;
  /** The token of the browser's device cookie, if it has one. */
  deviceToken?: string | undefined;
}

export async function signIn(
  db: Db,
  input: SignInInput,
  now: Date = new Date(),
  policy: LimitPolicy = signInLimit,
): Promise<SignInResult> {
  const deviceId = await findKnownDevice(db, input.deviceToken, input.email, now);
  const key = { clientAddress: addressKey(input.clientAddress), email: input.email, deviceId };
  const limited = await limitedAttempt(db, key, input.clientAddress, now, policy);
  if (limited) return limited;

  const account = await findAccountByEmail(db, input.email);
  let valid = false;
  if (account) valid = await verifyPassword(input.password, account.password_hash);
  else await spendVerificationTime(input.password);

  if (!account || !valid) {
    await refuseAttempt(db, {
      key,
      content: `'${input.email}' 계정으로 로그인하지 못했습니다 (접속 주소 ${input.clientAddress})`,
      error: SIGN_IN_REFUSAL.wrongPassword,
      actor: input.email,
      now,
      policy,
    });
    const after = await checkSignInLimit(db, key, now, policy);
    return after.limited ? { outcome: "limited", retryAt: after.retryAt } : { outcome: "rejected" };
  }

  // Hashes made with older parameters are upgraded while the password is at hand.
  if (needsRehash(account.password_hash)) {
    await db
      .updateTable("accounts")
      .set({ password_hash: await hashPassword(input.password) })
      .where("id", "=", account.id)
      .execute();
  }
  if (await hasSecondFactor(db, account.id)) {
    const challengeToken = await openChallenge(
      db,
      { purpose: "second-factor", accountId: account.id, persistent: input.persistent, deviceId },
      now,
    );
    return { outcome: "second-factor", challengeToken };
  }
  return finishSignIn(db, {
    account,
    key,
    persistent: input.persistent,
    client: input,
    how: "",
    now,
    policy,
  });
}

/** Deletes the session; the entry names who signed out. */
export async function signOut(db: Db, session: ActiveSession): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteSession(trx, session.id);
    await writeAuditLog(trx, {
      category: "account",
      content: `'${session.account.email}' 계정에서 로그아웃했습니다`,
      actor: session.account.email,
    });
  });
}

export type ChangePasswordResult =
  | { outcome: "changed"; endedSessions: number; session: NewSession }
  | { outcome: "wrong-current-password" }
  | { outcome: "limited"; retryAt: Date };

/**
 * Changes the signed-in manager's password after checking the current one. Every other
 * session ends, and the current one is replaced by a new session (a new id after a credential
 * change), which the caller puts in the cookie.
 */
export async function changePassword(
  db: Db,
  input: {
    session: ActiveSession;
    currentPassword: string;
    newPassword: string;
    clientAddress: string;
    /** The browser's User-Agent header, kept with the renewed session. */
    userAgent?: string | undefined;
  },
  now: Date = new Date(),
  policy: LimitPolicy = signInLimit,
): Promise<ChangePasswordResult> {
  const { account } = input.session;
  // A wrong current password counts like a failed sign-in, so a session left open on a shared
  // computer cannot be used to guess the password.
  const checked = await checkAccountPassword(
    db,
    { ...input, password: input.currentPassword, purpose: "비밀번호 변경" },
    now,
    policy,
  );
  if (checked === "refused") return { outcome: "wrong-current-password" };
  if (checked !== "accepted") return checked;
  const { endedSessions, session } = await setPassword(db, {
    account,
    password: input.newPassword,
    actor: account.email,
    content: (ended) => `'${account.email}' 관리자의 비밀번호가 변경되었습니다 (다른 세션 ${ended}개 종료)`,
    renewSession: {
      currentId: input.session.id,
      persistent: input.session.persistent,
      client: { userAgent: input.userAgent, address: input.clientAddress },
    },
  });
  if (!session) throw new Error("The renewed session is missing");
  return { outcome: "changed", endedSessions, session };
}

/** Ends every other session of the signed-in manager ("sign out everywhere else"). */
export async function endOtherSessions(db: Db, session: ActiveSession): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await deleteSessionsOf(trx, session.account.id, session.id);
    await writeAuditLog(trx, {
      category: "account",
      content: `'${session.account.email}' 관리자가 다른 세션 ${ended}개를 종료했습니다`,
      actor: session.account.email,
    });
    return ended;
  });
}

export type EndSessionResult =
  | { outcome: "ended"; device: string }
  /** Not a session of this manager, or one already ended or expired. */
  | { outcome: "not-found" }
  /** The session making the request: signing out is how that one ends. */
  | { outcome: "current" };

/** Ends one other session of the signed-in manager, named by its id (the account page). */
export async function endSession(
  db: Db,
  session: ActiveSession,
  sessionId: string,
  now: Date = new Date(),
): Promise<EndSessionResult> {
  if (sessionId === session.id) return { outcome: "current" };
  const { account } = session;
  return db.transaction().execute(async (trx) => {
    // Only the manager's own: an id of someone else's session ends nothing.
    const row = await trx
      .selectFrom("sessions")
      .select(["user_agent", "client_address"])
      .where("id", "=", sessionId)
      .where("account_id", "=", account.id)
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirst();
    if (!row) return { outcome: "not-found" as const };
    // Two clicks at once: only the one that deleted the row logs it.
    if (!(await deleteSession(trx, sessionId))) return { outcome: "not-found" as const };
    const device = describeDevice(row.user_agent);
    await writeAuditLog(trx, {
      category: "account",
      content: `'${account.email}' 관리자가 다른 세션 하나를 종료했습니다 (${device}, 접속 주소 ${row.client_address ?? "알 수 없음"})`,
      actor: account.email,
    });
    return { outcome: "ended" as const, device };
  });
}
