import { useContext } from "react";
import { FormField, FormFieldsContext, TextInput } from "./FormField.tsx";

/**
 * A new password typed twice, as every form that sets one asks for it (the account page, an
 * invitation, a reset link). Its limits and errors come from the form around it: the rules of
 * the schema the server checks it with, and the answer's field errors.
 */
export function NewPasswordFields({ label = "새 비밀번호" }: { label?: string }) {
  const shortest = useContext(FormFieldsContext).rules.newPassword?.minLength;
  const hint = `${shortest ? `${shortest}자 이상. ` : ""}다른 사이트에서 쓰지 않는, 길고 외우기 쉬운 문장을 권합니다.`;
  return (
    <>
      <FormField label={label} name="newPassword" hint={hint}>
        {(field) => <TextInput {...field} type="password" autoComplete="new-password" />}
      </FormField>
      <FormField label={`${label} 확인`} name="confirmPassword">
        {(field) => <TextInput {...field} type="password" autoComplete="new-password" />}
      </FormField>
    </>
  );
}
