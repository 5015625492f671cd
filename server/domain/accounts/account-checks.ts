import type { Db } from "#server/db/database.ts";
import { addressKey } from "#server/domain/client-address.ts";
import { findAccountById } from "./accounts.ts";
import { acceptAuthenticatorCode } from "./authenticator-app.ts";
import { verifyPassword } from "./passwords.ts";
import type { ActiveSession } from "./sessions.ts";
import { type AttemptKey, checkSignInLimit, type LimitPolicy, signInLimit } from "./sign-in-limiter.ts";
import { type Limited, refuseAttempt } from "./sign-in-steps.ts";

export type AccountCheck = "accepted" | "refused" | Limited;

/**
 * The account page asks again for what proves the manager before a change that could keep out
 * its owner or let someone else in later (adding a passkey, turning the app on or off, new
 * recovery codes), so a session left open elsewhere cannot do it. Failures count with the
 * sign-in limiter, as wrong passwords do.
 */
async function checkOnAccountPage(
  db: Db,
  input: {
    session: ActiveSession;
    clientAddress: string;
    what: string;
    /** Where it was asked, for the log: the account settings unless said. */
    purpose?: string | undefined;
    verify: () => Promise<boolean>;
  },
  now: Date,
  policy: LimitPolicy,
): Promise<AccountCheck> {
  const { account } = input.session;
  const key: AttemptKey = { clientAddress: addressKey(input.clientAddress), email: account.email };
  const limit = await checkSignInLimit(db, key, now, policy);
  if (limit.limited) return { outcome: "limited", retryAt: limit.retryAt };
  if (await input.verify()) return "accepted";
  await refuseAttempt(db, {
    key,
    content: `'${account.email}' 관리자의 ${input.what} 확인에 실패했습니다 (${input.purpose ?? "계정 설정"})`,
    error: `${input.what}가 올바르지 않습니다`,
    actor: account.email,
    now,
    policy,
  });
  return "refused";
}

/** The current password, asked again on the account page (see checkOnAccountPage). */
export async function checkAccountPassword(
  db: Db,
  input: { session: ActiveSession; password: string; clientAddress: string; purpose?: string | undefined },
  now: Date = new Date(),
  policy: LimitPolicy = signInLimit,
): Promise<AccountCheck> {
  const verify = async () => {
    const stored = await findAccountById(db, input.session.account.id);
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
  const verify = () => acceptAuthenticatorCode(db, input.session.account.id, input.code, now);
  return checkOnAccountPage(db, { ...input, what: "인증 코드", verify }, now, policy);
}
