import { useState } from "react";
import account from "#app/components/admin/AccountPage.module.css";
import { AdminForm } from "#app/components/admin/AdminForm.tsx";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { RecordTable, TimeCell } from "#app/components/admin/DataTable.tsx";
import { FormActions, FormField, Select, TextInput } from "#app/components/admin/FormField.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { AddPasskey } from "#app/components/admin/security/AddPasskey.tsx";
import { CodeInput, PasswordField } from "#app/components/admin/security/ConfirmFields.tsx";
import { RecoveryCodes } from "#app/components/admin/security/RecoveryCodes.tsx";
import styles from "#app/components/admin/security/security.module.css";
import titled from "#app/components/admin/TitledSection.module.css";
import { TitledSection } from "#app/components/admin/TitledSection.tsx";
import { WriteAnswer } from "#app/components/admin/WriteAnswer.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { commandForm, useAdminWrite } from "#app/lib/admin/use-admin-write.ts";
import { pageMeta } from "#app/lib/meta.ts";
import {
  authenticatorAppState,
  groupedSecret,
  setupQrCode,
  setupUri,
} from "#server/domain/accounts/authenticator-app.ts";
import { appCodeFields, appPasswordFields } from "#server/domain/accounts/authenticator-app-commands.ts";
import { listPasskeys, passkeyBeginFields, passkeyRenameFields } from "#server/domain/accounts/passkeys.ts";
import { getSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { getServices } from "#server/http/router-context.ts";
import { requireSignedIn } from "#server/http/session-guard.ts";
import { formatDateTime } from "#shared/dates.ts";
import { objectParticle } from "#shared/korean.ts";
import type { Route } from "./+types/security";

/** Where this page's changes go: the signed-in manager's own account (server/domain/accounts). */
const TYPE = "my-account";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "패스키와 2단계 인증", noIndex: true });

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSignedIn(args);
  const { db } = getServices(args.context);
  const { account } = session;
  const [passkeys, app, { value: settings }] = await Promise.all([
    listPasskeys(db, account.id),
    authenticatorAppState(db, account.id),
    getSiteSettings(db),
  ]);
  let setup: { secret: string; qrCode: string } | undefined;
  if (app.state === "pending") {
    const svg = setupQrCode(setupUri(app.secret, settings.clubName, account.email));
    setup = {
      secret: groupedSecret(app.secret),
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    };
  }
  return {
    email: account.email,
    passkeys,
    app: app.state === "on" ? app : { state: app.state },
    setup,
    rules: {
      app: { ...fieldRules(appPasswordFields), ...fieldRules(appCodeFields) },
      addPasskey: fieldRules(passkeyBeginFields),
      renamePasskey: fieldRules(passkeyRenameFields),
    },
  };
}

export default function Security({ loaderData }: Route.ComponentProps) {
  const { app, setup, passkeys, rules } = loaderData;
  const passkeyChanges = useAdminWrite(TYPE);
  // Shown once, right after they were made.
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  return (
    <>
      <PageHeader
        eyebrow="계정"
        title="패스키와 2단계 인증"
        description={
          <p>
            <span className={account.email}>{loaderData.email}</span> 계정에 로그인하는 방법을 정합니다. 비밀번호가 새어
            나가도 계정을 지킬 수 있도록 둘 중 하나는 켜 두기를 권합니다.
          </p>
        }
      />
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}

      <TitledSection
        className={account.section}
        title="패스키"
        intro={
          <>
            패스키가 있으면 비밀번호 없이 휴대폰이나 노트북의 지문·얼굴 인식·화면 잠금으로 로그인합니다. 로그인 화면에서{" "}
            <strong>패스키로 로그인</strong>을 누르세요. 패스키는 기기 안에만 있고 이 사이트에서만 쓰이므로 가짜
            사이트에 속아 넘겨줄 수 없습니다.
          </>
        }
      >
        <WriteAnswer answer={passkeyChanges.answer} />
        {passkeys.length > 0 ? (
          <RecordTable
            caption="등록된 패스키"
            items={passkeys}
            columns={["이름", "등록한 때", "마지막 사용"]}
            cells={(passkey) => (
              <>
                <td>{passkey.name}</td>
                <TimeCell at={passkey.createdAt} />
                <TimeCell at={passkey.lastUsedAt} empty="아직 없음" />
              </>
            )}
            action={{
              label: "삭제",
              cell: (passkey) => (
                <ConfirmButton
                  title={`패스키 '${passkey.name}'${objectParticle(passkey.name)} 삭제할까요?`}
                  message={
                    <p>그 기기로는 더 이상 패스키로 로그인할 수 없습니다. 기기에 남은 패스키는 기기에서 지워 주세요.</p>
                  }
                  disabled={passkeyChanges.busy}
                  onConfirm={() => void passkeyChanges.send(commandForm("remove-passkey", { id: passkey.id }))}
                >
                  삭제
                </ConfirmButton>
              ),
            }}
          />
        ) : (
          <p className={styles.empty}>등록된 패스키가 없습니다.</p>
        )}
        {passkeys.length > 0 && (
          <AdminForm
            contentType={TYPE}
            hidden={{ intent: "rename-passkey" }}
            rules={rules.renamePasskey}
            label="패스키 이름 바꾸기"
            resetOnSuccess
            className={styles.form}
          >
            {({ busy }) => (
              <>
                <FormField label="이름을 바꿀 패스키" name="id">
                  {(field) => (
                    <Select {...field}>
                      {passkeys.map((passkey) => (
                        <option key={passkey.id} value={passkey.id}>
                          {passkey.name}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
                <FormField label="새 이름" name="name">
                  {(field) => <TextInput {...field} autoComplete="off" />}
                </FormField>
                <FormActions>
                  <Button type="submit" variant="secondary" disabled={busy}>
                    이름 바꾸기
                  </Button>
                </FormActions>
              </>
            )}
          </AdminForm>
        )}
        <AddPasskey rules={rules.addPasskey} />
      </TitledSection>

      <TitledSection className={account.section} title="2단계 인증 (인증 앱)">
        {/* One form for every state of the app: its answer stays in view when the state changes. */}
        <AdminForm
          contentType={TYPE}
          rules={rules.app}
          resetKey={app.state}
          label="2단계 인증 (인증 앱)"
          className={styles.form}
          onSaved={(result) =>
            setRecoveryCodes((result.data as { recoveryCodes?: string[] } | undefined)?.recoveryCodes)
          }
        >
          {({ busy }) =>
            app.state === "on" ? (
              <>
                <p className={styles.status}>
                  <strong>켜짐</strong> · {formatDateTime(app.since)}부터 · 남은 복구 코드 {app.recoveryCodesLeft}개
                </p>
                <p className={titled.intro}>
                  비밀번호로 로그인하면 인증 앱의 6자리 코드를 함께 묻습니다. 휴대폰을 잃어버렸을 때는 복구 코드 하나로
                  로그인할 수 있습니다. 아래 두 작업에는 지금 앱에 보이는 코드가 필요합니다.
                </p>
                <FormField label="인증 앱의 코드" name="code">
                  {(field) => <CodeInput {...field} />}
                </FormField>
                <FormActions>
                  <Button type="submit" name="intent" value="recovery-renew" variant="secondary" disabled={busy}>
                    복구 코드 새로 만들기
                  </Button>
                  <Button type="submit" name="intent" value="app-remove" variant="danger" disabled={busy}>
                    2단계 인증 끄기
                  </Button>
                </FormActions>
              </>
            ) : setup ? (
              <>
                <ol className={styles.steps}>
                  <li>
                    휴대폰의 인증 앱(Google Authenticator, Microsoft Authenticator, 1Password 등)에서 QR 코드를
                    찍으세요.
                    <img
                      src={setup.qrCode}
                      alt="인증 앱에 등록할 QR 코드"
                      width={200}
                      height={200}
                      className={styles.qr}
                    />
                    찍을 수 없으면 앱에 이 키를 직접 입력하세요: <code className={styles.secret}>{setup.secret}</code>
                  </li>
                  <li>앱에 나타난 6자리 코드를 입력하고 켜기를 누르세요.</li>
                </ol>
                <FormField label="앱에 보이는 코드" name="code">
                  {(field) => <CodeInput {...field} />}
                </FormField>
                <FormActions>
                  <Button type="submit" name="intent" value="app-confirm" disabled={busy}>
                    확인하고 켜기
                  </Button>
                  <Button type="submit" name="intent" value="app-cancel" variant="ghost" disabled={busy}>
                    취소
                  </Button>
                </FormActions>
              </>
            ) : (
              <>
                <p className={titled.intro}>
                  켜 두면 비밀번호로 로그인할 때 휴대폰 인증 앱의 6자리 코드도 묻습니다. 비밀번호가 새어 나가도 휴대폰
                  없이는 로그인할 수 없습니다. 켤 때 휴대폰을 잃어버렸을 때 쓸 복구 코드 10개를 한 번만 보여 드립니다.
                </p>
                <PasswordField />
                <FormActions>
                  <Button type="submit" name="intent" value="app-begin" disabled={busy}>
                    인증 앱 연결하기
                  </Button>
                </FormActions>
              </>
            )
          }
        </AdminForm>
      </TitledSection>
    </>
  );
}
