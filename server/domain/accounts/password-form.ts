import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordSchema } from "./passwords.ts";

/** How a form names the password it sets: "새 비밀번호" where one is replaced. */
export type PasswordNoun = "새 비밀번호" | "비밀번호";

/**
 * A password typed twice, as every form that sets one asks for it (the password page, an
 * invitation, a reset link): `newPassword` follows the one password rule, `confirmPassword` is
 * the second typing. Pair it with `passwordsAgree` on the form's schema.
 */
export function newPasswordFields(noun: PasswordNoun) {
  const missing = `${noun}를 입력해 주세요.`;
  const again = `${noun}를 한 번 더 입력해 주세요.`;
  return {
    newPassword: passwordSchema({
      missing,
      tooShort: `${noun}는 ${MIN_PASSWORD_LENGTH}자 이상이어야 합니다.`,
      tooLong: `${noun}는 ${MAX_PASSWORD_LENGTH}자를 넘을 수 없습니다.`,
    }),
    confirmPassword: z.string({ error: again }).min(1, again),
  };
}

/** The check that both typings are the same, reported on the second. */
export function passwordsAgree(noun: PasswordNoun) {
  return (ctx: z.core.ParsePayload<{ newPassword: string; confirmPassword: string }>) => {
    const { newPassword, confirmPassword } = ctx.value;
    if (newPassword === confirmPassword) return;
    ctx.issues.push({
      code: "custom",
      input: confirmPassword,
      path: ["confirmPassword"],
      message: `${noun}와 확인이 일치하지 않습니다. 같은 비밀번호를 두 번 입력해 주세요.`,
    });
  };
}
