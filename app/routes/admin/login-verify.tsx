import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormField, TextInput } from "#app/components/admin/FormField.tsx";
import { Notice } from "#app/components/admin/Notice.tsx";
import styles from "#app/components/admin/sign-in/SignInCard.module.css";
import { SignInCard } from "#app/components/admin/sign-in/SignInCard.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { limitedMessage, retryAfterHeader } from "#app/lib/sign-in-messages.ts";
import { completeSecondFactor } from "#server/domain/accounts/second-factor-sign-in.ts";
import { findChallenge } from "#server/domain/accounts/sign-in-challenges.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { readTextForm } from "#server/http/request-body.ts";
import { clientAddressContext, getServices } from "#server/http/router-context.ts";
import {
  clearedChallengeCookieHeader,
  deviceCookieHeader,
  readChallengeToken,
  SIGN_IN_PATH,
  safeRedirectTarget,
  sessionCookieHeader,
} from "#server/http/session-guard.ts";
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

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const pending = await findChallenge(getServices(context).db, await readChallengeToken(request), "second-factor");
  if (!pending) throw startAgain();
  return { redirectTo: safeRedirectTarget(url.searchParams.get("redirectTo")) };
}

type Kind = "app" | "recovery";
interface ActionResult {
  kind: Kind;
  message: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readTextForm(request);
  const kind: Kind = form.get("kind") === "recovery" ? "recovery" : "app";
  const code = String(form.get("code") ?? "").slice(0, 64);
  if (code.trim() === "") {
    const message = kind === "app" ? "인증 앱의 6자리 코드를 입력해 주세요." : "복구 코드를 입력해 주세요.";
    return data<ActionResult>({ kind, message }, { status: 400 });
  }
  const result = await completeSecondFactor(getServices(context).db, {
    challengeToken: await readChallengeToken(request),
    code,
    kind,
    clientAddress: context.get(clientAddressContext),
    userAgent: request.headers.get("user-agent") ?? undefined,
  });
  switch (result.outcome) {
    case "signed-in": {
      const headers = new Headers();
      headers.append("Set-Cookie", await clearedChallengeCookieHeader(request));
      headers.append("Set-Cookie", await sessionCookieHeader(request, result.session));
      if (result.deviceToken) headers.append("Set-Cookie", await deviceCookieHeader(request, result.deviceToken));
      return redirect(safeRedirectTarget(form.get("redirectTo")), { status: 303, headers });
    }
    case "expired":
      return startAgain({ "Set-Cookie": await clearedChallengeCookieHeader(request) });
    case "limited":
      return data<ActionResult>(
        { kind, message: limitedMessage(result.retryAt) },
        { status: 429, headers: retryAfterHeader(result.retryAt) },
      );
    default:
      return data<ActionResult>(
        {
          kind,
          message:
            kind === "app"
              ? "코드가 맞지 않습니다. 인증 앱에 지금 보이는 코드를 입력해 주세요."
              : "쓸 수 없는 복구 코드입니다. 이미 쓴 코드는 다시 쓸 수 없습니다.",
        },
        { status: 401 },
      );
  }
}

export default function VerifySignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const codeRef = useRef<HTMLInputElement>(null);
  const recoveryRef = useRef<HTMLInputElement>(null);
  // After a wrong code the field is emptied for the next one.
  useEffect(() => {
    if (!actionData) return;
    const field = actionData.kind === "app" ? codeRef.current : recoveryRef.current;
    if (!field) return;
    field.value = "";
    field.focus();
  }, [actionData]);
  const appError = actionData?.kind === "app" ? actionData.message : undefined;
  const recoveryError = actionData?.kind === "recovery" ? actionData.message : undefined;
  return (
    <SignInCard title="2단계 인증" lead="비밀번호를 확인했습니다. 휴대폰의 인증 앱에 보이는 6자리 코드를 입력하세요.">
      {actionData && <Notice tone="error" title={actionData.message} />}

      <Form method="post" noValidate className={styles.form}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <input type="hidden" name="kind" value="app" />
        <FormField label="인증 코드" name="code" error={appError} required>
          {(field) => (
            <TextInput
              {...field}
              ref={codeRef}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              spellCheck={false}
              autoFocus
            />
          )}
        </FormField>
        <Button type="submit" size="lg" className={styles.submit} disabled={submitting}>
          {submitting ? "확인하는 중…" : "확인"}
        </Button>
      </Form>

      <details className={styles.alternative} open={actionData?.kind === "recovery"}>
        <summary>휴대폰을 쓸 수 없나요? 복구 코드로 로그인</summary>
        <Form method="post" noValidate className={styles.form}>
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <input type="hidden" name="kind" value="recovery" />
          <FormField
            label="복구 코드"
            name="code"
            hint="2단계 인증을 켤 때 받아 둔 코드 중 하나입니다. 한 번 쓴 코드는 다시 쓸 수 없습니다."
            error={recoveryError}
            required
          >
            {(field) => (
              <TextInput
                {...field}
                ref={recoveryRef}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={24}
              />
            )}
          </FormField>
          <Button type="submit" variant="secondary" className={styles.submit} disabled={submitting}>
            복구 코드로 로그인
          </Button>
        </Form>
      </details>
      <p className={styles.back}>
        <Link to="/admin/login">처음부터 다시 로그인</Link>
      </p>
    </SignInCard>
  );
}
