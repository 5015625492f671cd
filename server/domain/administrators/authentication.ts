import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Db } from "#server/db/database.ts";
import { writeAuditLog } from "#server/domain/audit-log/audit-log.ts";
import { addressKey } from "#server/domain/client-address.ts";
import { findAdministratorByEmail, findAdministratorById, setPassword } from "./administrators.ts";
import {
  acceptAuthenticatorCode,
  hasSecondFactor,
  isTotpCode,
  normaliseCode,
  spendRecoveryCode,
} from "./authenticator-app.ts";
import { findKnownDevice, rememberDevice, touchDevice } from "./devices.ts";
import { checkPasskeySignIn, type RelyingParty } from "./passkeys.ts";
import { hashPassword, needsRehash, spendVerificationTime, verifyPassword } from "./passwords.ts";
import { type ActiveSession, createSession, deleteSession, deleteSessionsOf, type NewSession } from "./sessions.ts";
import { closeChallenge, failChallenge, findChallenge, openChallenge } from "./sign-in-challenges.ts";
import {
  type AttemptKey,
  checkSignInLimit,
  type LimitPolicy,
  recordSignInAttempt,
  signInLimit,
} from "./sign-in-limiter.ts";

/**
 * Signing in (a password, then a code when the manager has turned the authenticator app on; or
 * a passkey alone) and out, and changing one's password, each with its audit-log entry.
 */
interface SignedIn {
  outcome: "signed-in";
  administrator: { id: string; email: string };
  session: NewSession;
  /** A new device cookie's token, when the browser was not a known device yet. */
  deviceToken?: string | undefined;
}

type Limited = { outcome: "limited"; retryAt: Date };

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

  const administrator = await findAdministratorByEmail(db, input.email);
  let valid = false;
  if (administrator) valid = await verifyPassword(input.password, administrator.password_hash);
  else await spendVerificationTime(input.password);

  if (!administrator || !valid) {
    await refuseAttempt(db, {
      key,
      content: `'${input.email}' 계정으로 로그인하지 못했습니다 (접속 주소 ${input.clientAddress})`,
      error: "이메일 또는 비밀번호가 올바르지 않습니다",
      actor: input.email,
      now,
      policy,
    });
    const after = await checkSignInLimit(db, key, now, policy);
    return after.limited ? { outcome: "limited", retryAt: after.retryAt } : { outcome: "rejected" };
  }

  // Hashes made with older parameters are upgraded while the password is at hand.
  if (needsRehash(administrator.password_hash)) {
    await db
      .updateTable("administrators")
      .set({ password_hash: await hashPassword(input.password) })
      .where("id", "=", administrator.id)
      .execute();
  }
  if (await hasSecondFactor(db, administrator.id)) {
    const challengeToken = await openChallenge(
      db,
      { purpose: "second-factor", administratorId: administrator.id, persistent: input.persistent, deviceId },
      now,
    );
    return { outcome: "second-factor", challengeToken };
  }
  return finishSignIn(db, {
    administrator,
    key,
    persistent: input.persistent,
    client: input,
    how: "",
    now,
    policy,
  });
}

/** What every way of signing in ends with: the attempt counted, a session, the device, the log. */
async function finishSignIn(
  db: Db,
  input: {
    administrator: { id: string; email: string };
    key: AttemptKey;
    persistent: boolean;
    client: { clientAddress: string; userAgent?: string | undefined };
    /** How the manager proved who they are, for the log: "" for a password alone. */
    how: string;
    now: Date;
    policy: LimitPolicy;
  },
): Promise<SignedIn> {
  const { administrator, key, now } = input;
  return db.transaction().execute(async (trx) => {
    await recordSignInAttempt(trx, key, true, now, input.policy);
    const session = await createSession(trx, administrator.id, input.persistent, now, {
      userAgent: input.client.userAgent,
      address: input.client.clientAddress,
    });
    let deviceToken: string | undefined;
    if (key.deviceId) await touchDevice(trx, key.deviceId, now);
    else deviceToken = await rememberDevice(trx, administrator.id, now);
    const notes = [input.how, input.persistent ? "로그인 상태 유지" : ""].filter(Boolean).join(", ");
    await writeAuditLog(trx, {
      category: "account",
      content: `'${administrator.email}' 계정으로 로그인했습니다${notes ? ` (${notes})` : ""}`,
      actor: administrator.email,
    });
    return {
      outcome: "signed-in" as const,
      administrator: { id: administrator.id, email: administrator.email },
      session,
      deviceToken,
    };
  });
}

/** A refused attempt: counted by the limiter and written to the log in one transaction. */
async function refuseAttempt(
  db: Db,
  input: { key: AttemptKey; content: string; error: string; actor: string; now: Date; policy: LimitPolicy },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await recordSignInAttempt(trx, input.key, false, input.now, input.policy);
    await writeAuditLog(trx, { category: "account", content: input.content, error: input.error, actor: input.actor });
  });
}

async function limitedAttempt(
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
    error: "로그인 시도 제한",
    actor: key.email,
  });
  return { outcome: "limited", retryAt: limit.retryAt };
}

export type SecondFactorResult =
  | SignedIn
  | Limited
  | { outcome: "rejected" }
  /** No pending sign-in (it expired, was used, or took too many wrong codes): start again. */
  | { outcome: "expired" };

/**
 * The second step after a right password: a code from the authenticator app or one of the
 * recovery codes. Wrong codes count with the sign-in limiter like wrong passwords, and five of
 * them end the pending sign-in.
 */
export async function completeSecondFactor(
  db: Db,
  input: {
    challengeToken: string | undefined;
    code: string;
    kind: "app" | "recovery";
    clientAddress: string;
    userAgent?: string | undefined;
  },
  now: Date = new Date(),
  policy: LimitPolicy = signInLimit,
): Promise<SecondFactorResult> {
  const challenge = await findChallenge(db, input.challengeToken, "second-factor", now);
  const administrator = challenge?.administratorId
    ? await findAdministratorById(db, challenge.administratorId)
    : undefined;
  if (!challenge || !administrator) return { outcome: "expired" };
  const key: AttemptKey = {
    clientAddress: addressKey(input.clientAddress),
    email: administrator.email,
    deviceId: challenge.deviceId ?? undefined,
  };
  const limited = await limitedAttempt(db, key, input.clientAddress, now, policy);
  if (limited) return limited;

  const accepted =
    input.kind === "app"
      ? isTotpCode(normaliseCode(input.code)) && (await acceptAuthenticatorCode(db, administrator.id, input.code, now))
      : await spendRecoveryCode(db, administrator.id, input.code, now);
  if (!accepted) {
    const ended = await failChallenge(db, challenge);
    await refuseAttempt(db, {
      key,
      content: `'${administrator.email}' 계정의 2단계 인증에 실패했습니다 (${input.kind === "app" ? "인증 앱 코드" : "복구 코드"}, 접속 주소 ${input.clientAddress})`,
      error: "인증 코드가 올바르지 않습니다",
      actor: administrator.email,
      now,
      policy,
    });
    const after = await checkSignInLimit(db, key, now, policy);
    if (after.limited) return { outcome: "limited", retryAt: after.retryAt };
    return ended ? { outcome: "expired" } : { outcome: "rejected" };
  }
  // Closing the challenge is what makes the code's sign-in happen once.
  if (!(await closeChallenge(db, challenge.id))) return { outcome: "expired" };
  return finishSignIn(db, {
    administrator,
    key,
    persistent: challenge.persistent,
    client: input,
    how: input.kind === "app" ? "인증 앱 코드" : "복구 코드",
    now,
    policy,
  });
}

export type PasskeySignInResult = SignedIn | Limited | { outcome: "rejected" | "expired" };

/** Signing in with a passkey alone (see passkeys.ts): counted and logged like a password. */
export async function signInWithPasskey(
  db: Db,
  input: {
    challengeToken: string | undefined;
    response: AuthenticationResponseJSON;
    rp: RelyingParty;
    clientAddress: string;
    userAgent?: string | undefined;
    deviceToken?: string | undefined;
  },
  now: Date = new Date(),
  policy: LimitPolicy = signInLimit,
): Promise<PasskeySignInResult> {
  const check = await checkPasskeySignIn(
    db,
    { token: input.challengeToken, response: input.response, rp: input.rp },
    now,
  );
  if (check.outcome === "expired") return { outcome: "expired" };
  if (check.outcome === "unknown-passkey") {
    // A passkey this site does not know (deleted, or made for another account list): counted
    // against the address alone.
    await refuseAttempt(db, {
      key: { clientAddress: addressKey(input.clientAddress), email: "" },
      content: `등록되지 않은 패스키로 로그인하지 못했습니다 (접속 주소 ${input.clientAddress})`,
      error: "등록되지 않은 패스키",
      actor: "system",
      now,
      policy,
    });
    return { outcome: "rejected" };
  }
  const { administrator } = check;
  const deviceId = await findKnownDevice(db, input.deviceToken, administrator.email, now);
  const key: AttemptKey = { clientAddress: addressKey(input.clientAddress), email: administrator.email, deviceId };
  const limited = await limitedAttempt(db, key, input.clientAddress, now, policy);
  if (limited) return limited;
  if (check.outcome === "refused") {
    await refuseAttempt(db, {
      key,
      content: `'${administrator.email}' 계정의 패스키로 로그인하지 못했습니다 (접속 주소 ${input.clientAddress})`,
      error: "패스키 확인 실패",
      actor: administrator.email,
      now,
      policy,
    });
    return { outcome: "rejected" };
  }
  return finishSignIn(db, {
    administrator,
    key,
    persistent: check.persistent,
    client: input,
    how: `패스키 '${check.passkeyName}'`,
    now,
    policy,
  });
}

export type AccountCheck = "accepted" | "refused" | Limited;

/**
 * The account page asks again for what proves the manager before a change that could keep out
 * its owner or let someone else in later (adding a passkey, turning the app on or off, new
 * recovery codes), so a session left open elsewhere cannot do it. Failures count with the
 * sign-in limiter, as wrong passwords do.
 */
async function checkOnAccountPage(
  db: Db,
  input: { session: ActiveSession; clientAddress: string; what: string; verify: () => Promise<boolean> },
  now: Date,
  policy: LimitPolicy,
): Promise<AccountCheck> {
  const { administrator } = input.session;
  const key: AttemptKey = { clientAddress: addressKey(input.clientAddress), email: administrator.email };
  const limit = await checkSignInLimit(db, key, now, policy);
  if (limit.limited) return { outcome: "limited", retryAt: limit.retryAt };
  if (await input.verify()) return "accepted";
  await refuseAttempt(db, {
    key,
    content: `'${administrator.email}' 관리자의 ${input.what} 확인에 실패했습니다 (계정 설정)`,
    error: `${input.what}가 올바르지 않습니다`,
    actor: administrator.email,
    now,
    policy,
  });
  return "refused";
}

/** The current password, asked again on the account page (see checkOnAccountPage). */
export async function checkAccountPassword(
  db: Db,
  input: { session: ActiveSession; password: string; clientAddress: string },
  now: Date = new Date(),
  policy: LimitPolicy = signInLimit,
): Promise<AccountCheck> {
  const verify = async () => {
    const stored = await findAdministratorById(db, input.session.administrator.id);
    return stored !== undefined && (await verifyPassword(input.password, stored.password_hash));
  };
  return checkOnAccountPage(db, { ...input, what: "비밀번호", verify }, now, policy);
}

/** A code from the authenticator app, asked again on the account page (and spent). */
export async function checkAccountCode(
  db: Db,
  input: { session: ActiveSession; code: string; clientAddress: string },
  now: Date = new Date(),
  policy: LimitPolicy = signInLimit,
): Promise<AccountCheck> {
  const verify = () => acceptAuthenticatorCode(db, input.session.administrator.id, input.code, now);
  return checkOnAccountPage(db, { ...input, what: "인증 코드", verify }, now, policy);
}

/** Deletes the session; the entry names who signed out. */
export async function signOut(db: Db, session: ActiveSession): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteSession(trx, session.id);
    await writeAuditLog(trx, {
      category: "account",
      content: `'${session.administrator.email}' 계정에서 로그아웃했습니다`,
      actor: session.administrator.email,
    });
  });
}

export type ChangePasswordResult =
  | { outcome: "changed"; endedSessions: number; session: NewSession }
  | { outcome: "wrong-current-password" }
  | { outcome: "limited"; retryAt: Date };

/**
 * Changes the signed-in administrator's password after checking the current one. Every other
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
  },
  now: Date = new Date(),
  policy: LimitPolicy = signInLimit,
): Promise<ChangePasswordResult> {
  const { administrator } = input.session;
  // A wrong current password counts like a failed sign-in, so a session left open on a shared
  // computer cannot be used to guess the password.
  const key = { clientAddress: addressKey(input.clientAddress), email: administrator.email };
  const limit = await checkSignInLimit(db, key, now, policy);
  if (limit.limited) return { outcome: "limited", retryAt: limit.retryAt };
  const stored = await findAdministratorById(db, administrator.id);
  if (!stored || !(await verifyPassword(input.currentPassword, stored.password_hash))) {
    await db.transaction().execute(async (trx) => {
      await recordSignInAttempt(trx, key, false, now, policy);
      await writeAuditLog(trx, {
        category: "account",
        content: `'${administrator.email}' 관리자의 비밀번호를 변경하지 못했습니다`,
        error: "현재 비밀번호가 올바르지 않습니다",
        actor: administrator.email,
      });
    });
    return { outcome: "wrong-current-password" };
  }
  const { endedSessions, session } = await setPassword(db, {
    administrator,
    password: input.newPassword,
    actor: administrator.email,
    content: (ended) => `'${administrator.email}' 관리자의 비밀번호가 변경되었습니다 (다른 세션 ${ended}개 종료)`,
    renewSession: { currentId: input.session.id, persistent: input.session.persistent },
  });
  if (!session) throw new Error("The renewed session is missing");
  return { outcome: "changed", endedSessions, session };
}

/** Ends every other session of the signed-in administrator ("sign out everywhere else"). */
export async function endOtherSessions(db: Db, session: ActiveSession): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await deleteSessionsOf(trx, session.administrator.id, session.id);
    await writeAuditLog(trx, {
      category: "account",
      content: `'${session.administrator.email}' 관리자가 다른 세션 ${ended}개를 종료했습니다`,
      actor: session.administrator.email,
    });
    return ended;
  });
}
