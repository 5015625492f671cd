import { command, NOBODY } from "#server/domain/write/content-type.ts";
import { formValues } from "#server/domain/write/form-input.ts";
import { NotFoundError } from "#server/failures.ts";
import { findKnownDevice } from "./devices.ts";
import { checkPasskeySignIn, notePasskeyUse, passkeySignInFields, relyingParty } from "./passkeys.ts";
import { SIGN_IN_REFUSAL } from "./sign-in-refusals.ts";
import {
  type AccountClock,
  attemptKey,
  clientOf,
  countedRefusal,
  finishSignIn,
  refuseWhenLimited,
  type SignedIn,
  signedInMessage,
} from "./sign-in-steps.ts";

/**
 * Signing in with a passkey alone (see passkeys.ts), after the page got its challenge: counted
 * and logged like a password. A passkey the site does not know is counted against the address.
 */
export const PASSKEY_REFUSED =
  "이 사이트에 등록된 패스키가 아니거나 확인에 실패했습니다. 다른 패스키나 비밀번호로 로그인해 주세요.";

/** The account of the passkey that answered, if the site knows it: whom the log names. */
async function answeringAccount(db: Parameters<typeof findKnownDevice>[0], form: FormData) {
  const parsed = passkeySignInFields.safeParse(formValues(form, ["response"]));
  if (!parsed.success) return undefined;
  const row = await db
    .selectFrom("passkeys")
    .innerJoin("accounts", "accounts.id", "passkeys.account_id")
    .select("accounts.email")
    .where("passkeys.id", "=", parsed.data.response.id)
    .executeTakeFirst();
  return row?.email;
}

export function passkeySignIn(clock: AccountClock) {
  return command({
    access: "anyone",
    describe: async (form, db, by) => {
      const email = await answeringAccount(db, form);
      const address = clientOf(by).address;
      return {
        category: "account",
        actor: email ?? NOBODY,
        success: (result: SignedIn) => signedInMessage(result),
        failure: email
          ? `'${email}' 계정의 패스키로 로그인하지 못했습니다 (접속 주소 ${address})`
          : `패스키로 로그인하지 못했습니다 (접속 주소 ${address})`,
      };
    },
    read: async (form, db, by) => {
      const { response } = passkeySignInFields.parse(formValues(form, ["response"]));
      const client = clientOf(by);
      const rp = await relyingParty(db, client.origin ?? "http://localhost");
      const check = await checkPasskeySignIn(db, { token: client.challengeToken, response, rp }, clock.now());
      if (check.outcome === "expired") {
        throw new NotFoundError("패스키 확인 시간이 지났습니다. 패스키로 로그인을 다시 눌러 주세요.", {
          status: 410,
          auditText: "패스키 확인 시간이 지났습니다",
        });
      }
      if (check.outcome === "unknown-passkey") {
        // Deleted, or made for another site's account list: counted against the address alone.
        throw await countedRefusal(db, {
          key: attemptKey(client, ""),
          clock,
          reason: SIGN_IN_REFUSAL.unknownPasskey,
          message: PASSKEY_REFUSED,
        });
      }
      const { account } = check;
      const deviceId = await findKnownDevice(db, client.deviceToken, account.email, clock.now());
      const key = attemptKey(client, account.email, deviceId);
      await refuseWhenLimited(db, key, clock);
      if (check.outcome === "refused") {
        throw await countedRefusal(db, { key, clock, reason: SIGN_IN_REFUSAL.passkeyFailed, message: PASSKEY_REFUSED });
      }
      return { check, key };
    },
    run: async (trx, _files, { check, key }, by) => {
      await notePasskeyUse(trx, check.passkey, clock.now());
      return finishSignIn(trx, {
        account: check.account,
        key,
        persistent: check.persistent,
        client: clientOf(by),
        clock,
        how: `패스키 '${check.passkey.name}'`,
      });
    },
  });
}
