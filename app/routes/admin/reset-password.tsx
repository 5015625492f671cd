import { data, redirect } from "react-router";
import { LinkPage } from "#app/components/admin/accounts/LinkPage.tsx";
import { NewPasswordFields } from "#app/components/admin/NewPasswordFields.tsx";
import { Notice } from "#app/components/admin/Notice.tsx";
import { RouteForm } from "#app/components/admin/RouteForm.tsx";
import styles from "#app/components/admin/sign-in/SignInCard.module.css";
import { Button } from "#app/components/ui/Button.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { credentials } from "#server/domain/accounts/content-type.ts";
import { findLink, linkRefusal } from "#server/domain/accounts/links.ts";
import { resetFields } from "#server/domain/accounts/manage.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { getServices } from "#server/http/router-context.ts";
import { writeAuthorOf } from "#server/http/session-guard.ts";
import { writeFromRequest } from "#server/http/write-endpoint.ts";
import { formatDateTime } from "#shared/dates.ts";
import type { WriteResult } from "#shared/write-result.ts";
import type { Route } from "./+types/reset-password";

/**
 * /admin/reset-password/{token}: the page a reset link opens, for a manager who forgot their
 * password. Outside the admin area's guard, as they cannot sign in; the link is the permission.
 */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "비밀번호 재설정",
    description: "관리자 계정의 새 비밀번호를 정하는 화면입니다.",
    noIndex: true,
  });

// The token is in the address: it goes into no cache and no other site's Referer.
export const headers: Route.HeadersFunction = () => ({ ...cacheHeader("none"), "Referrer-Policy": "no-referrer" });

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await findLink(getServices(context).db, "reset", params.token);
  if (found.state !== "open" || !found.link.email) {
    const { status, message } = linkRefusal(found.state === "open" ? "unknown" : found.state);
    return data({ open: false as const, message }, { status });
  }
  const { email, expiresAt } = found.link;
  return { open: true as const, email, expiresAt, rules: fieldRules(resetFields) };
}

/** The `reset-password` command, with the link's token from the address: done, to the sign-in page. */
export async function action(args: Route.ActionArgs) {
  const { result } = await writeFromRequest(args, credentials, await writeAuthorOf(args), {
    intent: "reset-password",
    fromAddress: { token: args.params.token },
  });
  if (result.ok) return redirect("/admin/login?passwordReset=1", 303);
  return data<WriteResult>(result, { status: result.status });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LinkPage
      title="비밀번호 재설정"
      purpose="관리자 계정의 새 비밀번호를 정하는 링크입니다."
      lead="새 비밀번호를 정하면 이 계정의 다른 로그인은 모두 끝나고, 새 비밀번호로 다시 로그인합니다."
      loaderData={loaderData}
      answer={actionData}
      intro={
        loaderData.open && (
          <Notice tone="info" title={`${loaderData.email} 계정의 새 비밀번호를 정합니다.`}>
            <p>{formatDateTime(loaderData.expiresAt)}까지 한 번만 쓸 수 있는 링크입니다.</p>
          </Notice>
        )
      }
    >
      <RouteForm rules={loaderData.open ? loaderData.rules : undefined} answer={actionData} className={styles.form}>
        {({ submitting }) => (
          <>
            {/* Lets password managers file the new password under the right account. */}
            <input
              type="text"
              name="username"
              autoComplete="username"
              value={loaderData.open ? loaderData.email : ""}
              readOnly
              hidden
            />
            <NewPasswordFields />
            <Button type="submit" size="lg" className={styles.submit} disabled={submitting}>
              {submitting ? "바꾸는 중…" : "새 비밀번호 저장"}
            </Button>
          </>
        )}
      </RouteForm>
    </LinkPage>
  );
}
