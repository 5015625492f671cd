import type { ComponentProps } from "react";
import { FormField, TextInput } from "#app/components/admin/FormField.tsx";

/** The current password, asked again before a change to how the account signs in. */
export function PasswordField({ error }: { error?: string | undefined }) {
  return (
    <FormField label="현재 비밀번호" name="password" hint="계정 주인인지 한 번 더 확인합니다." error={error} required>
      {(field) => <TextInput {...field} type="password" autoComplete="current-password" />}
    </FormField>
  );
}

/** A six-digit code from the authenticator app. */
export function CodeInput(props: ComponentProps<typeof TextInput>) {
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      spellCheck={false}
    />
  );
}
