import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { command, NOBODY, type WriteAuthor } from "#server/domain/write/content-type.ts";
import { formOptionalText } from "#server/domain/write/form-input.ts";
import { singleLineText } from "#server/domain/write/text-schemas.ts";
import { NotFoundError } from "#server/failures.ts";
import { findAccountById } from "./accounts.ts";
import {
  acceptAuthenticatorCode,
  isTotpCode,
  looksLikeRecoveryCode,
  normaliseCode,
  spendRecoveryCode,
} from "./authenticator-app.ts";
import { closeChallenge, failChallenge, findChallenge } from "./sign-in-challenges.ts";
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
 * The second step after a right password: a code from the authenticator app or one of the
 * recovery codes, typed in either box of the page (the main box takes both; a recovery code is
 * told apart by its shape). Wrong codes count with the sign-in limiter like wrong passwords, and
 * five of them end the pending sign-in (the page then starts again).
 */
const CODE_MAX_LENGTH = 32;
const codeText = singleLineText().trim().max(CODE_MAX_LENGTH, "코드가 너무 깁니다. 받은 코드를 다시 확인해 주세요.");

/** The main box (`code`) or the recovery box (`recoveryCode`): the form sends one of them. */
export const secondFactorFields = z
  .object({ code: codeText.optional(), recoveryCode: codeText.optional() })
  .check((ctx) => {
    const { code, recoveryCode } = ctx.value;
    const missing = (field: "code" | "recoveryCode", message: string) =>
      ctx.issues.push({ code: "custom", input: "", path: [field], message });
    if (recoveryCode !== undefined) {
      if (recoveryCode === "") missing("recoveryCode", "복구 코드를 입력해 주세요.");
    } else if (!code) {
      missing("code", "인증 앱의 6자리 코드를 입력해 주세요.");
    }
  });

type Kind = "app" | "recovery";
const KIND_WORDS: Record<Kind, string> = { app: "인증 앱 코드", recovery: "복구 코드" };
const WRONG: Record<Kind, string> = {
  app: "코드가 맞지 않습니다. 인증 앱에 지금 보이는 코드를 입력해 주세요.",
  recovery: "쓸 수 없는 복구 코드입니다. 이미 쓴 코드는 다시 쓸 수 없습니다.",
};

/** What was typed, in which box, and whether it reads as an app code or a recovery code. */
function typedCode(form: FormData) {
  const recoveryCode = formOptionalText(form, "recoveryCode");
  const field = recoveryCode === undefined ? ("code" as const) : ("recoveryCode" as const);
  const typed = recoveryCode ?? formOptionalText(form, "code") ?? "";
  const kind: Kind = field === "code" && !looksLikeRecoveryCode(typed) ? "app" : "recovery";
  return { field, typed, kind };
}

/** The pending sign-in of this browser and its account, if it is still open. */
async function pendingSignIn(db: Db, by: WriteAuthor, now: Date) {
  const challenge = await findChallenge(db, clientOf(by).challengeToken, "second-factor", now);
  const account = challenge?.accountId ? await findAccountById(db, challenge.accountId) : undefined;
  return challenge && account ? { challenge, account: { id: account.id, email: account.email } } : undefined;
}

/** The pending sign-in ended (expired, used, or five wrong codes): the page starts again. */
export const SIGN_IN_STEP_GONE = "로그인 단계가 끝났습니다. 처음부터 다시 로그인해 주세요.";
const stepGone = () => new NotFoundError(SIGN_IN_STEP_GONE, { status: 410, auditText: "2단계 인증 단계가 끝났습니다" });

export function secondFactorSignIn(clock: AccountClock) {
  return command({
    access: "anyone",
    describe: async (form, db, by) => {
      const pending = await pendingSignIn(db, by, clock.now());
      const email = pending?.account.email;
      const { kind } = typedCode(form);
      const address = clientOf(by).address;
      return {
        category: "account",
        actor: email ?? NOBODY,
        success: (result: SignedIn) => signedInMessage(result),
        failure: `${email ? `'${email}' 계정의 ` : ""}2단계 인증에 실패했습니다 (${KIND_WORDS[kind]}, 접속 주소 ${address})`,
      };
    },
    read: async (form, db, by) => {
      secondFactorFields.parse({
        code: formOptionalText(form, "code"),
        recoveryCode: formOptionalText(form, "recoveryCode"),
      });
      const pending = await pendingSignIn(db, by, clock.now());
      if (!pending) throw stepGone();
      const key = attemptKey(clientOf(by), pending.account.email, pending.challenge.deviceId);
      await refuseWhenLimited(db, key, clock);
      return { ...pending, key, ...typedCode(form) };
    },
    run: async (trx, _files, { challenge, account, key, field, typed, kind }, by) => {
      const now = clock.now();
      const accepted =
        kind === "app"
          ? isTotpCode(normaliseCode(typed)) && (await acceptAuthenticatorCode(trx, account.id, typed, now))
          : await spendRecoveryCode(trx, account.id, typed, now);
      if (!accepted) {
        throw await countedRefusal(trx, {
          key,
          clock,
          reason: SIGN_IN_REFUSAL.wrongCode,
          message: WRONG[kind],
          field,
          also: async (failure) => {
            await failChallenge(failure, challenge);
          },
        });
      }
      // Closing the pending sign-in is what makes the code's sign-in happen once.
      if (!(await closeChallenge(trx, challenge.id))) throw stepGone();
      const { persistent } = challenge;
      return finishSignIn(trx, { account, key, persistent, client: clientOf(by), clock, how: KIND_WORDS[kind] });
    },
  });
}
