import { useEffect, useRef, useState } from "react";
import { data, redirect } from "react-router";
import { Checkbox, FormField, TextInput } from "#app/components/admin/FormField.tsx";
import { Notice } from "#app/components/admin/Notice.tsx";
import { signInWithPasskey, webAuthnAvailable } from "#app/components/admin/passkeys.ts";
import { RouteForm } from "#app/components/admin/RouteForm.tsx";
import styles from "#app/components/admin/sign-in/SignInCard.module.css";
import { SignInCard } from "#app/components/admin/sign-in/SignInCard.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { credentials } from "#server/domain/accounts/content-type.ts";
import { type PasswordSignIn, signInFields } from "#server/domain/accounts/password-sign-in.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { formText } from "#server/domain/write/form-input.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import {
  challengeCookieHeader,
  currentSession,
  SECOND_FACTOR_PATH,
  safeRedirectTarget,
  signedInHeaders,
  writeAuthorOf,
} from "#server/http/session-guard.ts";
import { answerHeaders, writeFromRequest } from "#server/http/write-endpoint.ts";
import type { WriteResult } from "#shared/write-result.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "관리자 로그인",
    description: "동아리 홈페이지를 관리하는 운영진의 로그인 화면입니다.",
    noIndex: true,
  });

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(cacheHeader("none"));
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** A manager who is already signed in goes straight to where they were headed. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirectTarget(url.searchParams.get("redirectTo"));
  if (await currentSession({ request, context })) throw redirect(redirectTo);
  return {
    redirectTo,
    rules: fieldRules(signInFields),
    signedOut: url.searchParams.get("signedOut") === "1",
    // Back from a one-time link's page: an account made, or a password set.
    accountCreated: url.searchParams.get("accountCreated") === "1",
    passwordReset: url.searchParams.get("passwordReset") === "1",
    restart: url.searchParams.get("restart") === "1",
    sentFromPage: url.searchParams.has("redirectTo"),
  };
}

/**
 * The password step (the `password` command): a right password leads on with the new session's
 * cookies, or to the code page with the step's cookie; a refusal is answered here.
 */
export async function action(args: Route.ActionArgs) {
  const { result, form } = await writeFromRequest(args, credentials, await writeAuthorOf(args), {
    intent: "password",
  });
  const redirectTo = safeRedirectTarget(form && formText(form, "redirectTo"));
  if (!result.ok) return data<WriteResult>(result, { status: result.status, headers: answerHeaders(result) });
  const step = result.data as PasswordSignIn;
  if (step.outcome === "second-factor") {
    const verify = `${SECOND_FACTOR_PATH}?redirectTo=${encodeURIComponent(redirectTo)}`;
    return redirect(verify, {
      status: 303,
      headers: { "Set-Cookie": await challengeCookieHeader(args.request, step.challengeToken) },
    });
  }
  return redirect(redirectTo, { status: 303, headers: await signedInHeaders(args.request, step) });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // After a failed attempt the password is typed again, starting at the field to fix.
  useEffect(() => {
    if (!actionData || !passwordRef.current) return;
    passwordRef.current.value = "";
    (actionData.fieldErrors?.email ? emailRef.current : passwordRef.current)?.focus();
  }, [actionData]);
  // The passkey button appears once the page runs and the browser can use passkeys.
  const [passkeys, setPasskeys] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string>();
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void webAuthnAvailable().then(setPasskeys);
  }, []);
  async function signInByPasskey() {
    setPasskeyBusy(true);
    setPasskeyError(undefined);
    const persistent = formRef.current?.querySelector<HTMLInputElement>("input[name=persistent]")?.checked ?? false;
    const outcome = await signInWithPasskey({ persistent, redirectTo: loaderData.redirectTo });
    if (outcome.ok) {
      // A full load, so the admin area starts with the new session's cookies.
      window.location.assign((outcome.data as { redirectTo?: string } | undefined)?.redirectTo ?? "/admin");
      return;
    }
    setPasskeyBusy(false);
    setPasskeyError(outcome.message);
  }
  return (
    <SignInCard title="관리자 로그인" lead="홈페이지를 관리하는 운영진 계정으로 로그인하세요.">
      {passkeyError ? (
        <Notice tone="error" title={passkeyError} />
      ) : actionData ? null : loaderData.restart ? (
        <Notice tone="info" title="2단계 인증 시간이 지났거나 코드가 여러 번 틀렸습니다.">
          처음부터 다시 로그인해 주세요.
        </Notice>
      ) : loaderData.accountCreated ? (
        <Notice tone="success" title="관리자 계정을 만들었습니다.">
          방금 정한 이메일과 비밀번호로 로그인하세요.
        </Notice>
      ) : loaderData.passwordReset ? (
        <Notice tone="success" title="새 비밀번호를 저장했습니다.">
          새 비밀번호로 로그인하세요. 이 계정의 다른 로그인은 모두 끝났습니다.
        </Notice>
      ) : loaderData.signedOut ? (
        <Notice tone="success" title="로그아웃했습니다." />
      ) : loaderData.sentFromPage ? (
        <Notice tone="info" title="로그인이 필요한 화면입니다.">
          로그인하면 요청한 화면으로 이동합니다.
        </Notice>
      ) : null}

      <div ref={formRef}>
        <RouteForm
          rules={loaderData.rules}
          answer={passkeyError ? undefined : actionData}
          hidden={{ redirectTo: loaderData.redirectTo }}
          className={styles.form}
        >
          {({ submitting }) => (
            <>
              <FormField label="이메일" name="email">
                {(field) => (
                  <TextInput
                    {...field}
                    ref={emailRef}
                    type="email"
                    autoComplete="username"
                    inputMode="email"
                    spellCheck={false}
                  />
                )}
              </FormField>
              <FormField label="비밀번호" name="password">
                {(field) => <TextInput {...field} ref={passwordRef} type="password" autoComplete="current-password" />}
              </FormField>
              <Checkbox
                name="persistent"
                label="로그인 상태 유지"
                hint="이 브라우저에서 30일 동안 로그인이 유지됩니다. 여럿이 쓰는 컴퓨터에서는 선택하지 마세요."
              />
              <Button type="submit" size="lg" className={styles.submit} disabled={submitting}>
                {submitting ? "로그인하는 중…" : "로그인"}
              </Button>
            </>
          )}
        </RouteForm>
      </div>
      {passkeys && (
        <div className={styles.alternative}>
          <p className={styles.or}>또는</p>
          <Button
            type="button"
            variant="secondary"
            size="lg"
            className={styles.submit}
            disabled={passkeyBusy}
            onClick={signInByPasskey}
          >
            {passkeyBusy ? "패스키를 확인하는 중…" : "패스키로 로그인"}
          </Button>
        </div>
      )}
      <p className={styles.back}>
        <a href="/">← 공개 사이트로 돌아가기</a>
      </p>
    </SignInCard>
  );
}
