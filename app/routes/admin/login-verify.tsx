import { useEffect, useRef } from "react";
import { data, Link, redirect } from "react-router";
import { FormField, TextInput } from "#app/components/admin/FormField.tsx";
import { RouteForm } from "#app/components/admin/RouteForm.tsx";
import styles from "#app/components/admin/sign-in/SignInCard.module.css";
import { SignInCard } from "#app/components/admin/sign-in/SignInCard.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { credentials } from "#server/domain/accounts/content-type.ts";
import { secondFactorFields } from "#server/domain/accounts/second-factor-sign-in.ts";
import { findChallenge } from "#server/domain/accounts/sign-in-challenges.ts";
import type { SignedIn } from "#server/domain/accounts/sign-in-steps.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { formText } from "#server/domain/write/form-input.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { getServices } from "#server/http/router-context.ts";
import {
  clearedChallengeCookieHeader,
  readChallengeToken,
  SIGN_IN_PATH,
  safeRedirectTarget,
  signedInHeaders,
  writeAuthorOf,
} from "#server/http/session-guard.ts";
import { answerHeaders, writeFromRequest } from "#server/http/write-endpoint.ts";
import type { WriteResult } from "#shared/write-result.ts";
import type { Route } from "./+types/login-verify";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "2단계 인증", description: "관리자 로그인의 두 번째 단계입니다.", noIndex: true });

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(cacheHeader("none"));
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** Without a password checked in the last few minutes there is nothing to finish here. */
function startAgain(headers?: HeadersInit) {
  return redirect(`${SIGN_IN_PATH}?restart=1`, { status: 303, headers: headers ?? {} });
}

async function pendingSignIn(request: Request, context: Route.LoaderArgs["context"]) {
  return findChallenge(getServices(context).db, await readChallengeToken(request), "second-factor");
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  if (!(await pendingSignIn(request, context))) throw startAgain();
  return { redirectTo: safeRedirectTarget(url.searchParams.get("redirectTo")), rules: fieldRules(secondFactorFields) };
}

/**
 * The code step (the `code` command): a right code leads on with the new session's cookies; a
 * refusal is answered here, unless the pending sign-in is over (expired, or five wrong codes),
 * which starts again from the password.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { result, form } = await writeFromRequest(args, credentials, await writeAuthorOf(args), { intent: "code" });
  if (result.ok) {
    const redirectTo = safeRedirectTarget(form && formText(form, "redirectTo"));
    return redirect(redirectTo, { status: 303, headers: await signedInHeaders(request, result.data as SignedIn) });
  }
  if (result.status !== 429 && !(await pendingSignIn(request, context))) {
    return startAgain({ "Set-Cookie": await clearedChallengeCookieHeader(request) });
  }
  return data<WriteResult>(result, { status: result.status, headers: answerHeaders(result) });
}

export default function VerifySignIn({ loaderData, actionData }: Route.ComponentProps) {
  const codeRef = useRef<HTMLInputElement>(null);
  const recoveryRef = useRef<HTMLInputElement>(null);
  const recoveryRefused = actionData?.fieldErrors?.recoveryCode !== undefined;
  // After a wrong code the field is emptied for the next one.
  useEffect(() => {
    if (!actionData) return;
    const field = recoveryRefused ? recoveryRef.current : codeRef.current;
    if (!field) return;
    field.value = "";
    field.focus();
  }, [actionData, recoveryRefused]);
  // Each box shows the answer about itself.
  const answer = actionData ?? undefined;
  const hidden = { redirectTo: loaderData.redirectTo };
  return (
    <SignInCard title="2단계 인증" lead="비밀번호를 확인했습니다. 휴대폰의 인증 앱에 보이는 6자리 코드를 입력하세요.">
      <RouteForm
        rules={loaderData.rules}
        answer={recoveryRefused ? undefined : answer}
        hidden={hidden}
        className={styles.form}
      >
        {({ submitting }) => (
          <>
            <FormField
              label="인증 코드"
              name="code"
              hint="휴대폰을 쓸 수 없으면 받아 둔 복구 코드 하나를 넣어도 됩니다."
              required
            >
              {(field) => (
                <TextInput
                  {...field}
                  ref={codeRef}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  spellCheck={false}
                  autoFocus
                />
              )}
            </FormField>
            <Button type="submit" size="lg" className={styles.submit} disabled={submitting}>
              {submitting ? "확인하는 중…" : "확인"}
            </Button>
          </>
        )}
      </RouteForm>

      <details className={styles.alternative} open={recoveryRefused}>
        <summary>휴대폰을 쓸 수 없나요? 복구 코드로 로그인</summary>
        <RouteForm
          rules={loaderData.rules}
          answer={recoveryRefused ? answer : undefined}
          hidden={hidden}
          className={styles.form}
        >
          {({ submitting }) => (
            <>
              <FormField
                label="복구 코드"
                name="recoveryCode"
                hint="2단계 인증을 켤 때 받아 둔 코드 중 하나입니다. 한 번 쓴 코드는 다시 쓸 수 없습니다."
                required
              >
                {(field) => (
                  <TextInput {...field} ref={recoveryRef} autoComplete="off" autoCapitalize="none" spellCheck={false} />
                )}
              </FormField>
              <Button type="submit" variant="secondary" className={styles.submit} disabled={submitting}>
                복구 코드로 로그인
              </Button>
            </>
          )}
        </RouteForm>
      </details>
      <p className={styles.back}>
        <Link to="/admin/login">처음부터 다시 로그인</Link>
      </p>
    </SignInCard>
  );
}
