import type { ComponentProps } from "react";
import { FormField, TextInput } from "#app/components/admin/FormField.tsx";

/** The current password, asked again before a change to how the account signs in. */
export function PasswordField() {
  return (
    <FormField label="현재 비밀번호" name="password" hint="계정 주인인지 한 번 더 확인합니다.">
      {(field) => <TextInput {...field} type="password" autoComplete="current-password" />}
    </FormField>
  );
}

/** A six-digit code from the authenticator app (its limits come from the form's rules). */
export function CodeInput(props: ComponentProps<typeof TextInput>) {
  return <TextInput {...props} inputMode="numeric" autoComplete="one-time-code" spellCheck={false} />;
}
