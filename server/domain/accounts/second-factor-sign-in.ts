import type { Db } from "#server/db/database.ts";
import { addressKey } from "#server/domain/client-address.ts";
import { findAccountById } from "./accounts.ts";
import { acceptAuthenticatorCode, isTotpCode, normaliseCode, spendRecoveryCode } from "./authenticator-app.ts";
import { closeChallenge, failChallenge, findChallenge } from "./sign-in-challenges.ts";
import { type AttemptKey, checkSignInLimit, type LimitPolicy, signInLimit } from "./sign-in-limiter.ts";
import { SIGN_IN_REFUSAL } from "./sign-in-refusals.ts";
import { finishSignIn, type Limited, limitedAttempt, refuseAttempt, type SignedIn } from "./sign-in-steps.ts";

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
  const account = challenge?.accountId ? await findAccountById(db, challenge.accountId) : undefined;
  if (!challenge || !account) return { outcome: "expired" };
  const key: AttemptKey = {
    clientAddress: addressKey(input.clientAddress),
    email: account.email,
    deviceId: challenge.deviceId ?? undefined,
  };
  const limited = await limitedAttempt(db, key, input.clientAddress, now, policy);
  if (limited) return limited;

  const accepted =
    input.kind === "app"
      ? isTotpCode(normaliseCode(input.code)) && (await acceptAuthenticatorCode(db, account.id, input.code, now))
      : await spendRecoveryCode(db, account.id, input.code, now);
  if (!accepted) {
    const ended = await failChallenge(db, challenge);
    await refuseAttempt(db, {
      key,
      content: `'${account.email}' 계정의 2단계 인증에 실패했습니다 (${input.kind === "app" ? "인증 앱 코드" : "복구 코드"}, 접속 주소 ${input.clientAddress})`,
      error: SIGN_IN_REFUSAL.wrongCode,
      actor: account.email,
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
    account,
    key,
    persistent: challenge.persistent,
    client: input,
    how: input.kind === "app" ? "인증 앱 코드" : "복구 코드",
    now,
    policy,
  });
}
