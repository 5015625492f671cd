import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import account from "#app/components/admin/AccountPage.module.css";
import { FormActions, FormField, TextInput } from "#app/components/admin/FormField.tsx";
import { Notice } from "#app/components/admin/Notice.tsx";
import { addPasskey, webAuthnAvailable } from "#app/components/admin/passkeys.ts";
import { Button } from "#app/components/ui/Button.tsx";
import { MAX_PASSKEY_NAME_LENGTH } from "#shared/account-limits.ts";
import { PasswordField } from "./ConfirmFields.tsx";
import styles from "./security.module.css";

/** Adds a passkey of this device: a name, then the browser's own dialog. */
export function AddPasskey() {
  const revalidator = useRevalidator();
  const [available, setAvailable] = useState<boolean>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  useEffect(() => {
    void webAuthnAvailable().then(setAvailable);
  }, []);
  async function add(form: HTMLFormElement) {
    const fields = new FormData(form);
    const name = String(fields.get("name") ?? "").trim();
    const password = String(fields.get("password") ?? "");
    if (!name || !password) {
      setResult({ ok: false, message: name ? "현재 비밀번호를 입력해 주세요." : "패스키 이름을 입력해 주세요." });
      return;
    }
    setBusy(true);
    setResult(undefined);
    const outcome = await addPasskey(name, password);
    setBusy(false);
    if (outcome.ok) {
      form.reset();
      setResult({ ok: true, message: `패스키 '${name}'을(를) 추가했습니다. 다음부터 이 기기로 로그인할 수 있습니다.` });
      void revalidator.revalidate();
    } else {
      setResult({ ok: false, message: outcome.message });
    }
  }
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void add(event.currentTarget);
      }}
    >
      {result && <Notice tone={result.ok ? "success" : "error"} title={result.message} />}
      <FormField label="새 패스키 이름" name="name" hint="어느 기기인지 알아볼 이름 (예: 내 노트북, 휴대폰)" required>
        {(field) => <TextInput {...field} maxLength={MAX_PASSKEY_NAME_LENGTH} autoComplete="off" />}
      </FormField>
      <PasswordField />
      {available === false && (
        <p className={account.sectionIntro}>
          이 브라우저는 패스키를 지원하지 않습니다. 최신 브라우저에서 추가해 주세요.
        </p>
      )}
      <FormActions>
        <Button type="submit" disabled={!available || busy}>
          {busy ? "기기에서 확인하는 중…" : "이 기기에 패스키 추가"}
        </Button>
      </FormActions>
    </form>
  );
}
