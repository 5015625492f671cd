import { FormField, TextInput } from "./FormField.tsx";

/**
 * A new password typed twice, as every form that sets one asks for it (the account page, an
 * invitation, a reset link); the server checks both with the one password rule.
 */
export function NewPasswordFields({
  errors,
  label = "새 비밀번호",
}: {
  errors: Partial<Record<"newPassword" | "confirmPassword", string>>;
  label?: string;
}) {
  return (
    <>
      <FormField
        label={label}
        name="newPassword"
        hint="6자 이상. 다른 사이트에서 쓰지 않는, 길고 외우기 쉬운 문장을 권합니다."
        error={errors.newPassword}
        required
      >
        {(field) => <TextInput {...field} type="password" autoComplete="new-password" minLength={6} />}
      </FormField>
      <FormField label={`${label} 확인`} name="confirmPassword" error={errors.confirmPassword} required>
        {(field) => <TextInput {...field} type="password" autoComplete="new-password" />}
      </FormField>
    </>
  );
}
