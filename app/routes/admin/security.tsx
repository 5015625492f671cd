import { data, Form, useNavigation } from "react-router";
import account from "#app/components/admin/AccountPage.module.css";
import { RowActionForm } from "#app/components/admin/ConfirmButton.tsx";
import { RecordTable, TimeCell } from "#app/components/admin/DataTable.tsx";
import { FormActions, FormField } from "#app/components/admin/FormField.tsx";
import { Notice } from "#app/components/admin/Notice.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { AddPasskey } from "#app/components/admin/security/AddPasskey.tsx";
import { CodeInput, PasswordField } from "#app/components/admin/security/ConfirmFields.tsx";
import { RecoveryCodes } from "#app/components/admin/security/RecoveryCodes.tsx";
import styles from "#app/components/admin/security/security.module.css";
import { Button } from "#app/components/ui/Button.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { limitedMessage, retryAfterHeader } from "#app/lib/sign-in-messages.ts";
import { type AccountCheck, checkAccountCode, checkAccountPassword } from "#server/domain/accounts/account-checks.ts";
import {
  authenticatorAppState,
  beginAuthenticatorApp,
  cancelAuthenticatorApp,
  confirmAuthenticatorApp,
  groupedSecret,
  removeAuthenticatorApp,
  renewRecoveryCodes,
  setupQrCode,
  setupUri,
} from "#server/domain/accounts/authenticator-app.ts";
import { deletePasskey, listPasskeys } from "#server/domain/accounts/passkeys.ts";
import { getSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { readTextForm } from "#server/http/request-body.ts";
import { clientAddressContext, getServices } from "#server/http/router-context.ts";
import { requireSignedIn } from "#server/http/session-guard.ts";
import type { Route } from "./+types/security";

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
  };
}

/** The field a refusal belongs next to. */
type Field = "password" | "code" | "confirmCode";
type ActionResult =
  | { ok: true; message: string; recoveryCodes?: string[] }
  | { ok: false; message: string; field?: Field };

export async function action(args: Route.ActionArgs) {
  const session = await requireSignedIn(args);
  const { db } = getServices(args.context);
  const { account } = session;
  const form = await readTextForm(args.request);
  const intent = form.get("intent");
  const code = String(form.get("code") ?? "").slice(0, 32);

  switch (intent) {
    case "delete-passkey": {
      const deleted = await deletePasskey(db, account, String(form.get("passkeyId") ?? ""));
      if (!deleted)
        return data<ActionResult>({ ok: false, message: "이미 삭제되었거나 없는 패스키입니다." }, { status: 404 });
      return data<ActionResult>({
        ok: true,
        message: "패스키를 삭제했습니다. 그 기기로는 더 이상 로그인할 수 없습니다.",
      });
    }
    case "app-begin": {
      const checked = await checkAccountPassword(db, {
        session,
        password: String(form.get("password") ?? ""),
        clientAddress: args.context.get(clientAddressContext),
      });
      if (checked !== "accepted") return refusedCheck(checked, "password", "현재 비밀번호가 올바르지 않습니다.");
      if (!(await beginAuthenticatorApp(db, account.id))) {
        return data<ActionResult>({ ok: false, message: "인증 앱이 이미 켜져 있습니다." }, { status: 409 });
      }
      return data<ActionResult>({
        ok: true,
        message: "인증 앱으로 QR 코드를 찍은 뒤 앱에 보이는 코드를 입력해 주세요.",
      });
    }
    case "app-cancel":
      await cancelAuthenticatorApp(db, account.id);
      return data<ActionResult>({ ok: true, message: "인증 앱 연결을 취소했습니다." });
    case "app-confirm": {
      const result = await confirmAuthenticatorApp(db, account, code);
      if (result.outcome === "confirmed") {
        return data<ActionResult>({
          ok: true,
          message: "2단계 인증을 켰습니다. 이제 비밀번호로 로그인하면 인증 앱의 코드도 묻습니다.",
          recoveryCodes: result.recoveryCodes,
        });
      }
      if (result.outcome === "not-pending") {
        return data<ActionResult>(
          { ok: false, message: "연결 중인 인증 앱이 없습니다. 처음부터 다시 시작해 주세요." },
          { status: 409 },
        );
      }
      return data<ActionResult>(
        {
          ok: false,
          field: "confirmCode",
          message: "코드가 맞지 않습니다. 앱에 지금 보이는 6자리 코드를 입력해 주세요.",
        },
        { status: 400 },
      );
    }
    case "app-disable":
    case "recovery-renew": {
      const checked = await checkAccountCode(db, {
        session,
        code,
        clientAddress: args.context.get(clientAddressContext),
      });
      if (checked !== "accepted") {
        return refusedCheck(checked, "code", "코드가 맞지 않습니다. 인증 앱에 지금 보이는 코드를 입력해 주세요.");
      }
      if (intent === "app-disable") {
        await removeAuthenticatorApp(db, account, account.email);
        return data<ActionResult>({ ok: true, message: "2단계 인증을 껐습니다. 복구 코드도 모두 지웠습니다." });
      }
      return data<ActionResult>({
        ok: true,
        message: "복구 코드를 새로 만들었습니다. 전에 받은 코드는 이제 쓸 수 없습니다.",
        recoveryCodes: await renewRecoveryCodes(db, account),
      });
    }
    default:
      return data<ActionResult>({ ok: false, message: "알 수 없는 요청입니다." }, { status: 400 });
  }
}

/** The answer when what the manager typed to confirm a change was wrong, or they are limited. */
function refusedCheck(checked: Exclude<AccountCheck, "accepted">, field: Field, message: string) {
  if (checked === "refused") return data<ActionResult>({ ok: false, field, message }, { status: 400 });
  return data<ActionResult>(
    { ok: false, field, message: limitedMessage(checked.retryAt) },
    { status: 429, headers: retryAfterHeader(checked.retryAt) },
  );
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const { app, setup, passkeys } = loaderData;
  const fieldError = (field: Field) =>
    actionData && "field" in actionData && actionData.field === field ? actionData.message : undefined;

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
      {actionData && !("field" in actionData && actionData.field) && (
        <Notice tone={actionData.ok ? "success" : "error"} title={actionData.message} />
      )}
      {actionData?.ok && actionData.recoveryCodes && <RecoveryCodes codes={actionData.recoveryCodes} />}

      <section aria-labelledby="passkeys-title" className={account.section}>
        <h2 id="passkeys-title" className={account.sectionTitle}>
          패스키
        </h2>
        <p className={account.sectionIntro}>
          패스키가 있으면 비밀번호 없이 휴대폰이나 노트북의 지문·얼굴 인식·화면 잠금으로 로그인합니다. 로그인 화면에서{" "}
          <strong>패스키로 로그인</strong>을 누르세요. 패스키는 기기 안에만 있고 이 사이트에서만 쓰이므로 가짜 사이트에
          속아 넘겨줄 수 없습니다.
        </p>
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
                <RowActionForm
                  idName="passkeyId"
                  id={passkey.id}
                  intent="delete-passkey"
                  title={`패스키 '${passkey.name}'을(를) 삭제할까요?`}
                  message={
                    <p>그 기기로는 더 이상 패스키로 로그인할 수 없습니다. 기기에 남은 패스키는 기기에서 지워 주세요.</p>
                  }
                >
                  삭제
                </RowActionForm>
              ),
            }}
          />
        ) : (
          <p className={styles.empty}>등록된 패스키가 없습니다.</p>
        )}
        <AddPasskey />
      </section>

      <section aria-labelledby="app-title" className={account.section}>
        <h2 id="app-title" className={account.sectionTitle}>
          2단계 인증 (인증 앱)
        </h2>
        {app.state === "on" ? (
          <>
            <p className={styles.status}>
              <strong>켜짐</strong> · {formatDateTime(app.since)}부터 · 남은 복구 코드 {app.recoveryCodesLeft}개
            </p>
            <p className={account.sectionIntro}>
              비밀번호로 로그인하면 인증 앱의 6자리 코드를 함께 묻습니다. 휴대폰을 잃어버렸을 때는 복구 코드 하나로
              로그인할 수 있습니다. 아래 두 작업에는 지금 앱에 보이는 코드가 필요합니다.
            </p>
            <Form method="post" noValidate className={styles.form}>
              <FormField label="인증 앱의 코드" name="code" error={fieldError("code")} required>
                {(field) => <CodeInput {...field} />}
              </FormField>
              <FormActions>
                <Button type="submit" name="intent" value="recovery-renew" variant="secondary" disabled={submitting}>
                  복구 코드 새로 만들기
                </Button>
                <Button type="submit" name="intent" value="app-disable" variant="danger" disabled={submitting}>
                  2단계 인증 끄기
                </Button>
              </FormActions>
            </Form>
          </>
        ) : setup ? (
          <>
            <ol className={styles.steps}>
              <li>
                휴대폰의 인증 앱(Google Authenticator, Microsoft Authenticator, 1Password 등)에서 QR 코드를 찍으세요.
                <img src={setup.qrCode} alt="인증 앱에 등록할 QR 코드" width={200} height={200} className={styles.qr} />
                찍을 수 없으면 앱에 이 키를 직접 입력하세요: <code className={styles.secret}>{setup.secret}</code>
              </li>
              <li>앱에 나타난 6자리 코드를 입력하고 켜기를 누르세요.</li>
            </ol>
            <Form method="post" noValidate className={styles.form}>
              <FormField label="앱에 보이는 코드" name="code" error={fieldError("confirmCode")} required>
                {(field) => <CodeInput {...field} />}
              </FormField>
              <FormActions>
                <Button type="submit" name="intent" value="app-confirm" disabled={submitting}>
                  확인하고 켜기
                </Button>
                <Button type="submit" name="intent" value="app-cancel" variant="ghost" disabled={submitting}>
                  취소
                </Button>
              </FormActions>
            </Form>
          </>
        ) : (
          <>
            <p className={account.sectionIntro}>
              켜 두면 비밀번호로 로그인할 때 휴대폰 인증 앱의 6자리 코드도 묻습니다. 비밀번호가 새어 나가도 휴대폰
              없이는 로그인할 수 없습니다. 켤 때 휴대폰을 잃어버렸을 때 쓸 복구 코드 10개를 한 번만 보여 드립니다.
            </p>
            <Form method="post" noValidate className={styles.form}>
              <PasswordField error={fieldError("password")} />
              <FormActions>
                <Button type="submit" name="intent" value="app-begin" disabled={submitting}>
                  인증 앱 연결하기
                </Button>
              </FormActions>
            </Form>
          </>
        )}
      </section>
    </>
  );
}
