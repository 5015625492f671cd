/**
 * The log's `error` for each way a sign-in is refused: the sign-in modules write these, and the
 * dashboard's "recent refused sign-ins" finds its entries by them.
 */
export const SIGN_IN_REFUSAL = {
  wrongPassword: "이메일 또는 비밀번호가 올바르지 않습니다",
  limited: "로그인 시도 제한",
  wrongCode: "인증 코드가 올바르지 않습니다",
  passkeyFailed: "패스키 확인 실패",
  unknownPasskey: "등록되지 않은 패스키",
} as const;
