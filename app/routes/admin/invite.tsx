import { data, redirect } from "react-router";
import { LinkPage } from "#app/components/admin/accounts/LinkPage.tsx";
import { FormField, TextInput } from "#app/components/admin/FormField.tsx";
import { NewPasswordFields } from "#app/components/admin/NewPasswordFields.tsx";
import { Notice } from "#app/components/admin/Notice.tsx";
import { RouteForm } from "#app/components/admin/RouteForm.tsx";
import styles from "#app/components/admin/sign-in/SignInCard.module.css";
import { Button } from "#app/components/ui/Button.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { credentials } from "#server/domain/accounts/content-type.ts";
import { findLink, linkRefusal } from "#server/domain/accounts/links.ts";
import { accountFields } from "#server/domain/accounts/manage.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { getServices } from "#server/http/router-context.ts";
import { writeAuthorOf } from "#server/http/session-guard.ts";
import { writeFromRequest } from "#server/http/write-endpoint.ts";
import { formatDateTime } from "#shared/dates.ts";
import type { WriteResult } from "#shared/write-result.ts";
import type { Route } from "./+types/invite";

/**
 * /admin/invite/{token}: the page an invitation link opens. Outside the admin area's guard: the
 * person has no account yet, and the link itself is the permission (server/domain/accounts).
 */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "관리자 초대", description: "홈페이지 관리자 계정을 만드는 화면입니다.", noIndex: true });

// The token is in the address: it goes into no cache and no other site's Referer.
export const headers: Route.HeadersFunction = () => ({ ...cacheHeader("none"), "Referrer-Policy": "no-referrer" });

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await findLink(getServices(context).db, "invite", params.token);
  if (found.state !== "open") {
    const { status, message } = linkRefusal(found.state);
    return data({ open: false as const, message }, { status });
  }
  const { note, createdBy, expiresAt } = found.link;
  return { open: true as const, note, createdBy, expiresAt, rules: fieldRules(accountFields) };
}

/** The `accept-invite` command, with the link's token from the address: done, to the sign-in page. */
export async function action(args: Route.ActionArgs) {
  const { result } = await writeFromRequest(args, credentials, await writeAuthorOf(args), {
    intent: "accept-invite",
    fromAddress: { token: args.params.token },
  });
  if (result.ok) return redirect("/admin/login?accountCreated=1", 303);
  return data<WriteResult>(result, { status: result.status });
}

export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LinkPage
      title="관리자 초대"
      purpose="홈페이지 관리자 계정을 만드는 링크입니다."
      lead="로그인에 쓸 이메일과 비밀번호를 정하면 홈페이지 관리자 계정이 만들어집니다."
      loaderData={loaderData}
      answer={actionData}
      intro={
        loaderData.open && (
          <Notice tone="info" title={`'${loaderData.note}' 님을 위한 초대입니다.`}>
            <p>
              {loaderData.createdBy} 관리자가 보냈습니다. {formatDateTime(loaderData.expiresAt)}까지 한 번만 쓸 수
              있습니다.
            </p>
          </Notice>
        )
      }
    >
      <RouteForm rules={loaderData.open ? loaderData.rules : undefined} answer={actionData} className={styles.form}>
        {({ submitting }) => (
          <>
            <FormField label="이메일" name="email">
              {(field) => (
                <TextInput {...field} type="email" autoComplete="username" inputMode="email" spellCheck={false} />
              )}
            </FormField>
            <NewPasswordFields label="비밀번호" />
            <Button type="submit" size="lg" className={styles.submit} disabled={submitting}>
              {submitting ? "계정을 만드는 중…" : "계정 만들기"}
            </Button>
          </>
        )}
      </RouteForm>
    </LinkPage>
  );
}
