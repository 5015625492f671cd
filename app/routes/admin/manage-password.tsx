import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import account from "#app/components/admin/AccountPage.module.css";
import { ConfirmButton, RowActionForm } from "#app/components/admin/ConfirmButton.tsx";
import { Badge, RecordTable, TimeCell } from "#app/components/admin/DataTable.tsx";
import { FormActions, FormField, TextInput } from "#app/components/admin/FormField.tsx";
import { NewPasswordFields } from "#app/components/admin/NewPasswordFields.tsx";
import { Notice } from "#app/components/admin/Notice.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { changePassword, endOtherSessions, endSession } from "#server/domain/accounts/authentication.ts";
import { newPasswordFields, passwordsAgree } from "#server/domain/accounts/password-form.ts";
import { describeDevice } from "#server/domain/accounts/session-devices.ts";
import { findActiveSession, listSessionsOf } from "#server/domain/accounts/sessions.ts";
import { readTextForm } from "#server/http/request-body.ts";
import { clientAddressContext, getServices, sessionContext } from "#server/http/router-context.ts";
import { requireSignedIn, sessionCookieHeader } from "#server/http/session-guard.ts";
import type { Route } from "./+types/manage-password";
import styles from "./manage-password.module.css";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "비밀번호 변경", noIndex: true });

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSignedIn(args);
  const sessions = await listSessionsOf(getServices(args.context).db, session.account.id);
  return {
    email: session.account.email,
    // The raw header stays on the server: the page needs only its description.
    sessions: sessions.map(({ userAgent, ...item }) => ({
      ...item,
      device: describeDevice(userAgent),
      current: item.id === session.id,
    })),
  };
}

const changeForm = z
  .object({
    currentPassword: z.string({ error: "현재 비밀번호를 입력해 주세요." }).min(1, "현재 비밀번호를 입력해 주세요."),
    ...newPasswordFields("새 비밀번호"),
  })
  .check(passwordsAgree("새 비밀번호"))
  .check((ctx) => {
    const { currentPassword, newPassword } = ctx.value;
    if (newPassword === currentPassword) {
      ctx.issues.push({
        code: "custom",
        input: newPassword,
        path: ["newPassword"],
        message: "새 비밀번호가 현재 비밀번호와 같습니다. 다른 비밀번호를 입력해 주세요.",
      });
    }
  });

type Field = "currentPassword" | "newPassword" | "confirmPassword";
type ActionResult =
  | { intent: "change"; errors: Partial<Record<Field, string>>; message?: string }
  | { intent: "change"; success: string; changedAt: string }
  | { intent: "end-sessions"; success: string }
  | { intent: "end-session"; ok: boolean; message: string };

export async function action(args: Route.ActionArgs) {
  const session = await requireSignedIn(args);
  const { db } = getServices(args.context);
  const form = await readTextForm(args.request);

  if (form.get("intent") === "end-other-sessions") {
    const ended = await endOtherSessions(db, session);
    return data<ActionResult>({
      intent: "end-sessions",
      success:
        ended > 0 ? `다른 기기와 브라우저의 로그인 ${ended}개를 종료했습니다.` : "종료할 다른 로그인이 없었습니다.",
    });
  }

  if (form.get("intent") === "end-session") {
    const result = await endSession(db, session, String(form.get("sessionId") ?? "").slice(0, 128));
    if (result.outcome === "current") {
      return data<ActionResult>(
        {
          intent: "end-session",
          ok: false,
          message: "지금 이 브라우저의 로그인은 여기서 종료할 수 없습니다. 로그아웃을 눌러 주세요.",
        },
        { status: 400 },
      );
    }
    if (result.outcome === "not-found") {
      return data<ActionResult>(
        { intent: "end-session", ok: false, message: "이미 종료되었거나 없는 로그인입니다." },
        { status: 404 },
      );
    }
    return data<ActionResult>({
      intent: "end-session",
      ok: true,
      message: `${result.device}의 로그인을 종료했습니다. 그곳에서는 다시 로그인해야 합니다.`,
    });
  }

  const parsed = changeForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
    return data<ActionResult>({ intent: "change", errors, message: "입력한 내용을 확인해 주세요." }, { status: 400 });
  }
  const result = await changePassword(db, {
    session,
    currentPassword: parsed.data.currentPassword,
    newPassword: parsed.data.newPassword,
    clientAddress: args.context.get(clientAddressContext),
    userAgent: args.request.headers.get("user-agent") ?? undefined,
  });
  if (result.outcome === "wrong-current-password") {
    return data<ActionResult>(
      {
        intent: "change",
        errors: { currentPassword: "현재 비밀번호가 올바르지 않습니다." },
        message: "비밀번호를 바꾸지 못했습니다.",
      },
      { status: 400 },
    );
  }
  if (result.outcome === "limited") {
    const seconds = Math.max(1, Math.ceil((result.retryAt.getTime() - Date.now()) / 1000));
    return data<ActionResult>(
      {
        intent: "change",
        errors: {},
        message:
          `비밀번호 확인에 너무 많이 실패했습니다. ${formatDateTime(result.retryAt.toISOString())}부터 ` +
          "다시 시도할 수 있습니다.",
      },
      { status: 429, headers: { "Retry-After": String(seconds) } },
    );
  }
  // A page rendered in this same request (a form sent without script) knows the new session.
  args.context.set(sessionContext, {
    session: (await findActiveSession(db, result.session.token)) ?? null,
  });
  return data<ActionResult>(
    {
      intent: "change",
      success:
        result.endedSessions > 0
          ? `비밀번호를 변경했습니다. 다른 기기와 브라우저에 남아 있던 로그인 ${result.endedSessions}개를 종료했습니다.`
          : "비밀번호를 변경했습니다. 다른 곳에 남아 있던 로그인은 없었습니다.",
      changedAt: new Date().toISOString(),
    },
    { headers: { "Set-Cookie": await sessionCookieHeader(args.request, result.session) } },
  );
}

export default function ManagePassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const change = actionData?.intent === "change" ? actionData : undefined;
  const errors = change && "errors" in change ? change.errors : {};
  const others = loaderData.sessions.filter((session) => !session.current).length;

  return (
    <>
      <PageHeader
        eyebrow="계정"
        title="비밀번호 변경"
        description={
          <p>
            <span className={account.email}>{loaderData.email}</span> 계정의 비밀번호를 바꿉니다. 바꾸면 이 브라우저를
            뺀 다른 곳의 로그인은 모두 끝납니다.
          </p>
        }
      />

      <section aria-labelledby="change-title" className={account.section}>
        <h2 id="change-title" className={account.sectionTitle}>
          새 비밀번호 정하기
        </h2>
        {change && "success" in change && <Notice tone="success" title={change.success} />}
        {change && "message" in change && change.message && (
          <Notice tone="error" title={change.message}>
            {Object.keys(errors).length > 0 && <p>표시된 칸을 고친 뒤 다시 저장해 주세요.</p>}
          </Notice>
        )}
        <Form
          method="post"
          noValidate
          className={styles.form}
          key={change && "changedAt" in change ? change.changedAt : "form"}
        >
          <input type="hidden" name="intent" value="change-password" />
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
          <FormField label="현재 비밀번호" name="currentPassword" error={errors.currentPassword} required>
            {(field) => <TextInput {...field} type="password" autoComplete="current-password" />}
          </FormField>
          <NewPasswordFields errors={errors} />
          <FormActions>
            <Button type="submit" disabled={submitting}>
              {submitting ? "저장하는 중…" : "비밀번호 변경"}
            </Button>
          </FormActions>
        </Form>
      </section>

      <section aria-labelledby="sessions-title" className={account.section}>
        <h2 id="sessions-title" className={account.sectionTitle}>
          로그인된 곳
        </h2>
        <p className={account.sectionIntro}>
          이 계정으로 로그인되어 있는 브라우저입니다. 모르는 로그인이 있으면 다른 로그인을 모두 종료하고 비밀번호를 바꿔
          주세요.
        </p>
        {actionData?.intent === "end-sessions" && <Notice tone="success" title={actionData.success} />}
        {actionData?.intent === "end-session" && (
          <Notice tone={actionData.ok ? "success" : "error"} title={actionData.message} />
        )}
        <RecordTable
          caption="로그인된 곳"
          items={loaderData.sessions}
          columns={["기기", "접속 주소", "로그인한 시간", "마지막 활동", "만료"]}
          cells={(session) => (
            <>
              <td className={styles.device}>
                {session.device}
                {session.current && (
                  <>
                    {" "}
                    <Badge tone="brand">지금 이 브라우저</Badge>
                  </>
                )}
              </td>
              <td data-nowrap data-mono>
                {session.clientAddress ?? "알 수 없음"}
              </td>
              <TimeCell at={session.createdAt} />
              <TimeCell at={session.lastSeenAt} />
              <td data-nowrap>
                <span className={styles.expiry}>{formatDateTime(session.expiresAt)}</span>
                <span className={styles.kind}>
                  {session.persistent ? "로그인 상태 유지" : "브라우저를 닫으면 종료"}
                </span>
              </td>
            </>
          )}
          action={{
            label: "종료",
            cell: (session) =>
              !session.current && (
                <RowActionForm
                  idName="sessionId"
                  id={session.id}
                  intent="end-session"
                  title={`${session.device}의 로그인을 종료할까요?`}
                  message={
                    <p>
                      {session.clientAddress ?? "알 수 없는 주소"}에서 {formatDateTime(session.createdAt)}에 로그인한
                      곳입니다. 그곳에서 저장하지 않은 내용은 사라질 수 있습니다.
                    </p>
                  }
                >
                  종료
                </RowActionForm>
              ),
          }}
        />
        <Form method="post" className={styles.endSessions}>
          <ConfirmButton
            name="intent"
            value="end-other-sessions"
            title="다른 로그인을 모두 종료할까요?"
            message={
              <p>이 브라우저를 뺀 {others}곳의 로그인이 끝납니다. 그곳에서 저장하지 않은 내용은 사라질 수 있습니다.</p>
            }
            confirmLabel="모두 종료"
            disabled={others === 0}
          >
            다른 로그인 모두 종료
          </ConfirmButton>
        </Form>
      </section>
    </>
  );
}
