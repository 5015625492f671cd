import { z } from "zod";
import { command } from "#server/domain/write/content-type.ts";
import { formValues } from "#server/domain/write/form-input.ts";
import { singleLineText } from "#server/domain/write/text-schemas.ts";
import { ConflictError, FieldError } from "#server/failures.ts";
import { checkCodeAgain, checkPasswordAgain, refuseCodeWhenLimited } from "./account-checks.ts";
import {
  beginAuthenticatorApp,
  cancelAuthenticatorApp,
  confirmAuthenticatorApp,
  RECOVERY_CODE_COUNT,
  removeAuthenticatorApp,
  replaceRecoveryCodes,
} from "./authenticator-app.ts";
import type { AccountClock } from "./sign-in-steps.ts";

/**
 * The authenticator app on the account page: setting it up (the current password first, then a
 * code from the app), turning it off and new recovery codes (both need a code from the app).
 */
export const appPasswordFields = z.object({
  password: z
    .string({ error: "현재 비밀번호를 입력해 주세요." })
    .min(1, "현재 비밀번호를 입력해 주세요.")
    .max(1024, "비밀번호가 너무 깁니다."),
});

export const appCodeFields = z.object({
  code: singleLineText({ error: "인증 앱의 6자리 코드를 입력해 주세요." })
    .trim()
    .min(1, "인증 앱의 6자리 코드를 입력해 주세요.")
    .max(16, "코드가 너무 깁니다. 앱에 보이는 6자리 코드를 입력해 주세요."),
});

const readCode = (form: FormData) => appCodeFields.parse(formValues(form, ["code"])).code;

export function beginApp(clock: AccountClock) {
  return command({
    describe: (_form, _db, by) => ({
      category: "account",
      success: () => ({
        message: "인증 앱으로 QR 코드를 찍은 뒤 앱에 보이는 코드를 입력해 주세요.",
        entries: [`'${by.account.email}' 관리자가 인증 앱 연결을 시작했습니다`],
      }),
      failure: `'${by.account.email}' 관리자가 인증 앱 연결을 시작하지 못했습니다`,
    }),
    read: async (form, db, by) => {
      const { password } = appPasswordFields.parse(formValues(form, ["password"]));
      await checkPasswordAgain(db, by, password, clock);
    },
    run: async (trx, _files, _input, by) => {
      // The secret is shown by the page itself (as a QR code), never in the answer.
      if (!(await beginAuthenticatorApp(trx, by.account.id, clock.now()))) {
        throw new ConflictError("인증 앱이 이미 켜져 있습니다.");
      }
    },
  });
}

export const cancelApp = command({
  describe: (_form, _db, by) => ({
    category: "account",
    success: (cancelled: boolean) => ({
      message: "인증 앱 연결을 취소했습니다.",
      entries: cancelled ? [`'${by.account.email}' 관리자가 인증 앱 연결을 취소했습니다`] : [],
    }),
    failure: `'${by.account.email}' 관리자가 인증 앱 연결을 취소하지 못했습니다`,
  }),
  read: () => undefined,
  run: (trx, _files, _input, by) => cancelAuthenticatorApp(trx, by.account.id),
});

export function confirmApp(clock: AccountClock) {
  return command({
    describe: (_form, _db, by) => ({
      category: "account",
      success: ({ recoveryCodes }: { recoveryCodes: string[] }) => ({
        message: "2단계 인증을 켰습니다. 이제 비밀번호로 로그인하면 인증 앱의 코드도 묻습니다.",
        entries: [
          `'${by.account.email}' 관리자가 인증 앱 2단계 인증을 켰습니다 (복구 코드 ${recoveryCodes.length}개 발급)`,
        ],
      }),
      failure: `'${by.account.email}' 관리자가 인증 앱 2단계 인증을 켜지 못했습니다`,
    }),
    read: readCode,
    run: async (trx, _files, code, by) => {
      const result = await confirmAuthenticatorApp(trx, by.account.id, code, clock.now());
      if (result.outcome === "wrong-code") {
        throw new FieldError("code", "코드가 맞지 않습니다. 앱에 지금 보이는 6자리 코드를 입력해 주세요.");
      }
      if (result.outcome === "not-pending") {
        throw new ConflictError("연결 중인 인증 앱이 없습니다. 처음부터 다시 시작해 주세요.");
      }
      // Shown once by the page: only their hashes are kept.
      return { recoveryCodes: result.recoveryCodes };
    },
  });
}

export function removeApp(clock: AccountClock) {
  return command({
    describe: (_form, _db, by) => ({
      category: "account",
      success: () => ({
        message: "2단계 인증을 껐습니다. 복구 코드도 모두 지웠습니다.",
        entries: [`'${by.account.email}' 관리자의 인증 앱 2단계 인증을 껐습니다`],
      }),
      failure: `'${by.account.email}' 관리자의 인증 앱 2단계 인증을 끄지 못했습니다`,
    }),
    read: async (form, db, by) => {
      await refuseCodeWhenLimited(db, by, clock);
      return readCode(form);
    },
    run: async (trx, _files, code, by) => {
      await checkCodeAgain(trx, by, code, clock);
      await removeAuthenticatorApp(trx, by.account.id);
    },
  });
}

export function renewRecoveryCodes(clock: AccountClock) {
  return command({
    describe: (_form, _db, by) => ({
      category: "account",
      success: () => ({
        message: "복구 코드를 새로 만들었습니다. 전에 받은 코드는 이제 쓸 수 없습니다.",
        entries: [
          `'${by.account.email}' 관리자가 복구 코드 ${RECOVERY_CODE_COUNT}개를 새로 만들었습니다 (이전 코드는 쓸 수 없음)`,
        ],
      }),
      failure: `'${by.account.email}' 관리자가 복구 코드를 새로 만들지 못했습니다`,
    }),
    read: async (form, db, by) => {
      await refuseCodeWhenLimited(db, by, clock);
      return readCode(form);
    },
    run: async (trx, _files, code, by) => {
      await checkCodeAgain(trx, by, code, clock);
      return { recoveryCodes: await replaceRecoveryCodes(trx, by.account.id, clock.now()) };
    },
  });
}
