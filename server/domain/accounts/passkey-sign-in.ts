import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Db } from "#server/db/database.ts";
import { addressKey } from "#server/domain/client-address.ts";
import { findKnownDevice } from "./devices.ts";
import { checkPasskeySignIn, type RelyingParty } from "./passkeys.ts";
import { type AttemptKey, type LimitPolicy, signInLimit } from "./sign-in-limiter.ts";
import { SIGN_IN_REFUSAL } from "./sign-in-refusals.ts";
import { finishSignIn, type Limited, limitedAttempt, refuseAttempt, type SignedIn } from "./sign-in-steps.ts";

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
      error: SIGN_IN_REFUSAL.unknownPasskey,
      actor: "system",
      now,
      policy,
    });
    return { outcome: "rejected" };
  }
  const { account } = check;
  const deviceId = await findKnownDevice(db, input.deviceToken, account.email, now);
  const key: AttemptKey = { clientAddress: addressKey(input.clientAddress), email: account.email, deviceId };
  const limited = await limitedAttempt(db, key, input.clientAddress, now, policy);
  if (limited) return limited;
  if (check.outcome === "refused") {
    await refuseAttempt(db, {
      key,
      content: `'${account.email}' 계정의 패스키로 로그인하지 못했습니다 (접속 주소 ${input.clientAddress})`,
      error: SIGN_IN_REFUSAL.passkeyFailed,
      actor: account.email,
      now,
      policy,
    });
    return { outcome: "rejected" };
  }
  return finishSignIn(db, {
    account,
    key,
    persistent: check.persistent,
    client: input,
    how: `패스키 '${check.passkeyName}'`,
    now,
    policy,
  });
}
