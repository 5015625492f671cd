import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { Checkbox, FormField, TextInput } from "#app/components/admin/FormField.tsx";
import { Notice } from "#app/components/admin/Notice.tsx";
import { signInWithPasskey, webAuthnAvailable } from "#app/components/admin/passkeys.ts";
import styles from "#app/components/admin/sign-in/SignInCard.module.css";
import { SignInCard } from "#app/components/admin/sign-in/SignInCard.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { limitedMessage, retryAfterHeader } from "#app/lib/sign-in-messages.ts";
import { signIn } from "#server/domain/accounts/authentication.ts";
import { emailAddressSchema } from "#server/domain/accounts/email.ts";
import { MAX_PASSWORD_LENGTH } from "#server/domain/accounts/passwords.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { readTextForm } from "#server/http/request-body.ts";
import { clientAddressContext, getServices } from "#server/http/router-context.ts";
import {
  challengeCookieHeader,
  currentSession,
  deviceCookieHeader,
  readDeviceToken,
  SECOND_FACTOR_PATH,
  safeRedirectTarget,
  sessionCookieHeader,
} from "#server/http/session-guard.ts";
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
    signedOut: url.searchParams.get("signedOut") === "1",
    // Back from a one-time link's page: an account made, or a password set.
    accountCreated: url.searchParams.get("accountCreated") === "1",
    passwordReset: url.searchParams.get("passwordReset") === "1",
    restart: url.searchParams.get("restart") === "1",
    sentFromPage: url.searchParams.has("redirectTo"),
  };
}

const signInForm = z.object({
  email: z
    .string({ error: "이메일을 입력해 주세요." })
    .trim()
    .min(1, "이메일을 입력해 주세요.")
    .pipe(emailAddressSchema("이메일 주소 형식이 올바르지 않습니다.")),
  password: z
    .string({ error: "비밀번호를 입력해 주세요." })
    .min(1, "비밀번호를 입력해 주세요.")
    .max(MAX_PASSWORD_LENGTH, "비밀번호가 너무 깁니다."),
  persistent: z.literal("on").optional(),
  redirectTo: z.string().optional(),
});

/** The same words for a wrong password and an unknown address: neither reveals which it was. */
const REJECTED = "이메일 또는 비밀번호가 올바르지 않습니다. 다시 확인해 주세요.";

type FieldErrors = Partial<Record<"email" | "password", string>>;

interface ActionResult {
  message?: string;
  errors?: FieldErrors;
  email: string;
  persistent: boolean;
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await readTextForm(request));
  const typedEmail = typeof fields.email === "string" ? fields.email.slice(0, 254) : "";
  const persistentTicked = fields.persistent === "on";
  const parsed = signInForm.safeParse(fields);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "password") && !errors[field]) {
        errors[field] = issue.message;
      }
    }
    return data<ActionResult>({ errors, email: typedEmail, persistent: persistentTicked }, { status: 400 });
  }
  const { db } = getServices(context);
  const result = await signIn(db, {
    email: parsed.data.email,
    password: parsed.data.password,
    persistent: parsed.data.persistent === "on",
    clientAddress: context.get(clientAddressContext),
    userAgent: request.headers.get("user-agent") ?? undefined,
    deviceToken: await readDeviceToken(request),
  });
  if (result.outcome === "signed-in") {
    const headers = new Headers({
      "Set-Cookie": await sessionCookieHeader(request, result.session),
    });
    if (result.deviceToken) {
      headers.append("Set-Cookie", await deviceCookieHeader(request, result.deviceToken));
    }
    return redirect(safeRedirectTarget(parsed.data.redirectTo), { status: 303, headers });
  }
  if (result.outcome === "second-factor") {
    const verify = `${SECOND_FACTOR_PATH}?redirectTo=${encodeURIComponent(safeRedirectTarget(parsed.data.redirectTo))}`;
    return redirect(verify, {
      status: 303,
      headers: { "Set-Cookie": await challengeCookieHeader(request, result.challengeToken) },
    });
  }
  if (result.outcome === "limited") {
    return data<ActionResult>(
      { message: limitedMessage(result.retryAt), email: typedEmail, persistent: persistentTicked },
      { status: 429, headers: retryAfterHeader(result.retryAt) },
    );
  }
  return data<ActionResult>({ message: REJECTED, email: typedEmail, persistent: persistentTicked }, { status: 401 });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = actionData?.errors ?? {};
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // After a failed attempt the password is typed again, starting at the field to fix.
  useEffect(() => {
    if (!actionData || !passwordRef.current) return;
    passwordRef.current.value = "";
    (actionData.errors?.email ? emailRef.current : passwordRef.current)?.focus();
  }, [actionData]);
  // The passkey button appears once the page runs and the browser can use passkeys.
  const [passkeys, setPasskeys] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
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
      window.location.assign(String(outcome.body.redirectTo ?? "/admin"));
      return;
    }
    setPasskeyBusy(false);
    setPasskeyError(outcome.message);
  }
  return (
    <SignInCard title="관리자 로그인" lead="홈페이지를 관리하는 운영진 계정으로 로그인하세요.">
      {passkeyError ? (
        <Notice tone="error" title={passkeyError} />
      ) : actionData?.message ? (
        <Notice tone="error" title={actionData.message} />
      ) : loaderData.restart ? (
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

      <Form method="post" noValidate className={styles.form} ref={formRef}>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormField label="이메일" name="email" error={errors.email} required>
          {(field) => (
            <TextInput
              {...field}
              ref={emailRef}
              type="email"
              autoComplete="username"
              inputMode="email"
              spellCheck={false}
              defaultValue={actionData?.email}
            />
          )}
        </FormField>
        <FormField label="비밀번호" name="password" error={errors.password} required>
          {(field) => <TextInput {...field} ref={passwordRef} type="password" autoComplete="current-password" />}
        </FormField>
        <Checkbox
          name="persistent"
          label="로그인 상태 유지"
          hint="이 브라우저에서 30일 동안 로그인이 유지됩니다. 여럿이 쓰는 컴퓨터에서는 선택하지 마세요."
          defaultChecked={actionData?.persistent}
        />
        <Button type="submit" size="lg" className={styles.submit} disabled={submitting}>
          {submitting ? "로그인하는 중…" : "로그인"}
        </Button>
      </Form>
      {passkeys && (
        <div className={styles.alternative}>
          <p className={styles.or}>또는</p>
          <Button
            type="button"
            variant="secondary"
            size="lg"
            className={styles.submit}
            disabled={submitting || passkeyBusy}
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
