import { z } from "zod";
import { command, NOBODY } from "#server/domain/write/content-type.ts";
import { formChecked, formValues } from "#server/domain/write/form-input.ts";
import { findAccountByEmail } from "./accounts.ts";
import { hasSecondFactor } from "./authenticator-app.ts";
import { findKnownDevice } from "./devices.ts";
import { EMAIL_MAX_LENGTH, emailAddressSchema } from "./email.ts";
import { hashPassword, MAX_PASSWORD_LENGTH, needsRehash, spendVerificationTime, verifyPassword } from "./passwords.ts";
import { openChallenge } from "./sign-in-challenges.ts";
import { SIGN_IN_REFUSAL } from "./sign-in-refusals.ts";
import {
  type AccountClock,
  attemptKey,
  clientOf,
  countedRefusal,
  finishSignIn,
  refuseEndedAccess,
  refuseWhenLimited,
  type SignedIn,
  signedInMessage,
} from "./sign-in-steps.ts";

/**
 * Signing in with a password: the first step, and the whole of it unless the manager turned the
 * authenticator app on (then a code follows: second-factor-sign-in.ts). A passkey signs in alone
 * (passkey-sign-in.ts). Nobody is signed in yet: the log names the address typed.
 */
export const signInFields = z.object({
  email: z
    .string({ error: "이메일을 입력해 주세요." })
    .trim()
    .min(1, "이메일을 입력해 주세요.")
    .max(EMAIL_MAX_LENGTH, "이메일 주소 형식이 올바르지 않습니다.")
    .pipe(emailAddressSchema("이메일 주소 형식이 올바르지 않습니다.")),
  password: z
    .string({ error: "비밀번호를 입력해 주세요." })
    .min(1, "비밀번호를 입력해 주세요.")
    .max(MAX_PASSWORD_LENGTH, "비밀번호가 너무 깁니다."),
  persistent: z.boolean(),
});

/** The same words for a wrong password and an unknown address: neither reveals which it was. */
export const REJECTED = "이메일 또는 비밀번호가 올바르지 않습니다. 다시 확인해 주세요.";

export type PasswordSignIn =
  | SignedIn
  /** The password was right; a code is asked next. The token goes into the sign-in step cookie. */
  | { outcome: "second-factor"; account: { id: string; email: string }; challengeToken: string };

const readFields = (form: FormData) =>
  signInFields.parse({ ...formValues(form, ["email", "password"]), persistent: formChecked(form, "persistent") });

/** The address typed, normalised, when it is one: whom the log names. */
function typedAddress(form: FormData): string | undefined {
  const email = signInFields.shape.email.safeParse(formValues(form, ["email"]).email);
  return email.success ? email.data : undefined;
}

export function passwordSignIn(clock: AccountClock) {
  return command({
    access: "anyone",
    describe: (form, _db, by) => {
      const email = typedAddress(form);
      const address = clientOf(by).address;
      return {
        category: "account",
        actor: email ?? NOBODY,
        success: (result: PasswordSignIn) =>
          result.outcome === "signed-in"
            ? signedInMessage(result)
            : {
                message: "비밀번호를 확인했습니다. 인증 앱의 코드를 입력해 주세요.",
                entries: [
                  `'${result.account.email}' 계정의 비밀번호를 확인했습니다. 2단계 인증을 기다립니다 (접속 주소 ${address})`,
                ],
              },
        failure: `${email ? `'${email}' 계정으로 ` : ""}로그인하지 못했습니다 (접속 주소 ${address})`,
      };
    },
    read: async (form, db, by) => {
      const { email, password, persistent } = readFields(form);
      const client = clientOf(by);
      const deviceId = await findKnownDevice(db, client.deviceToken, email, clock.now());
      const key = attemptKey(client, email, deviceId);
      await refuseWhenLimited(db, key, clock);
      const account = await findAccountByEmail(db, email);
      let valid = false;
      if (account) valid = await verifyPassword(password, account.password_hash);
      else await spendVerificationTime(password);
      if (!account || !valid) {
        throw await countedRefusal(db, { key, clock, reason: SIGN_IN_REFUSAL.wrongPassword, message: REJECTED });
      }
      // Asked before a code is, so an ended account is not asked for one.
      await refuseEndedAccess(db, account.id, clock.now());
      // Hashes made with older parameters are upgraded while the password is at hand.
      const rehashed = needsRehash(account.password_hash) ? await hashPassword(password) : undefined;
      return { account: { id: account.id, email: account.email }, key, persistent, rehashed };
    },
    run: async (trx, _files, { account, key, persistent, rehashed }, by): Promise<PasswordSignIn> => {
      if (rehashed) {
        await trx.updateTable("accounts").set({ password_hash: rehashed }).where("id", "=", account.id).execute();
      }
      if (await hasSecondFactor(trx, account.id)) {
        const challengeToken = await openChallenge(
          trx,
          { purpose: "second-factor", accountId: account.id, persistent, deviceId: key.deviceId },
          clock.now(),
        );
        return { outcome: "second-factor", account, challengeToken };
      }
      return finishSignIn(trx, { account, key, persistent, client: clientOf(by), clock, how: "" });
    },
  });
}
