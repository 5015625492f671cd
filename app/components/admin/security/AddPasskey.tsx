import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { FormActions, FormField, FormFieldsContext, TextInput } from "#app/components/admin/FormField.tsx";
import { addPasskey, webAuthnAvailable } from "#app/components/admin/passkeys.ts";
import { keepComposingEnter } from "#app/components/admin/RouteForm.tsx";
import titled from "#app/components/admin/TitledSection.module.css";
import { WriteAnswer } from "#app/components/admin/WriteAnswer.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import type { FieldRules } from "#shared/field-rules.ts";
import type { WriteResult } from "#shared/write-result.ts";
import { PasswordField } from "./ConfirmFields.tsx";
import styles from "./security.module.css";

/**
 * Adds a passkey of this device: a name and the current password, then the browser's own dialog.
 * The two steps are the passkey endpoint's commands; their answer shows as every write's does.
 */
export function AddPasskey({ rules }: { rules: FieldRules }) {
  const revalidator = useRevalidator();
  const [available, setAvailable] = useState<boolean>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<WriteResult | null>(null);
  useEffect(() => {
    void webAuthnAvailable().then(setAvailable);
  }, []);
  async function add(form: HTMLFormElement) {
    const fields = new FormData(form);
    setBusy(true);
    setResult(null);
    const outcome = await addPasskey(String(fields.get("name") ?? ""), String(fields.get("password") ?? ""));
    setBusy(false);
    setResult(outcome);
    if (outcome.ok) {
      form.reset();
      void revalidator.revalidate();
    }
  }
  return (
    <form
      className={styles.form}
      noValidate
      aria-label="패스키 추가"
      onKeyDown={keepComposingEnter}
      onSubmit={(event) => {
        event.preventDefault();
        void add(event.currentTarget);
      }}
    >
      <WriteAnswer answer={result} />
      <FormFieldsContext.Provider value={{ rules, errors: result?.fieldErrors ?? {} }}>
        <FormField label="새 패스키 이름" name="name" hint="어느 기기인지 알아볼 이름 (예: 내 노트북, 휴대폰)">
          {(field) => <TextInput {...field} autoComplete="off" />}
        </FormField>
        <PasswordField />
      </FormFieldsContext.Provider>
      {available === false && (
        <p className={titled.intro}>이 브라우저는 패스키를 지원하지 않습니다. 최신 브라우저에서 추가해 주세요.</p>
      )}
      <FormActions>
        <Button type="submit" disabled={!available || busy}>
          {busy ? "기기에서 확인하는 중…" : "이 기기에 패스키 추가"}
        </Button>
      </FormActions>
    </form>
  );
}
