import { data } from "react-router";
import account from "#app/components/admin/AccountPage.module.css";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { Badge, RecordTable, TimeCell } from "#app/components/admin/DataTable.tsx";
import { FormActions, FormField, TextInput } from "#app/components/admin/FormField.tsx";
import { NewPasswordFields } from "#app/components/admin/NewPasswordFields.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { RouteForm } from "#app/components/admin/RouteForm.tsx";
import { TitledSection } from "#app/components/admin/TitledSection.tsx";
import { WriteAnswer } from "#app/components/admin/WriteAnswer.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { commandForm, useAdminWrite } from "#app/lib/admin/use-admin-write.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { credentials } from "#server/domain/accounts/content-type.ts";
import { type ChangedPassword, passwordChangeFields } from "#server/domain/accounts/own-account.ts";
import { describeDevice } from "#server/domain/accounts/session-devices.ts";
import { findActiveSession, listSessionsOf } from "#server/domain/accounts/sessions.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { getServices, sessionContext } from "#server/http/router-context.ts";
import { requireSignedIn, sessionCookieHeader, writeAuthorOf } from "#server/http/session-guard.ts";
import { answerHeaders, writeFromRequest } from "#server/http/write-endpoint.ts";
import { formatDateTime } from "#shared/dates.ts";
import type { WriteResult } from "#shared/write-result.ts";
import type { Route } from "./+types/manage-password";
import styles from "./manage-password.module.css";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "비밀번호 변경", noIndex: true });

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSignedIn(args);
  const sessions = await listSessionsOf(getServices(args.context).db, session.account.id);
  return {
    email: session.account.email,
    rules: fieldRules(passwordChangeFields),
    // The raw header stays on the server: the page needs only its description.
    sessions: sessions.map(({ userAgent, ...item }) => ({
      ...item,
      device: describeDevice(userAgent),
      current: item.id === session.id,
    })),
  };
}

/**
 * A new password (the `change-password` command): this session is replaced by a new one (a new
 * id after a credential change), whose cookie goes out with the answer; the others end.
 */
export async function action(args: Route.ActionArgs) {
  const { result } = await writeFromRequest(args, credentials, await writeAuthorOf(args), {
    intent: "change-password",
  });
  if (!result.ok) return data<WriteResult>(result, { status: result.status, headers: answerHeaders(result) });
  const { session } = result.data as ChangedPassword;
  // A page rendered in this same request (a form sent without script) knows the new session.
  const { db } = getServices(args.context);
  args.context.set(sessionContext, { session: (await findActiveSession(db, session.token)) ?? null });
  // The new session's token goes into the cookie only; the answer says when, to empty the form.
  return data<WriteResult<{ changedAt: string }>>(
    { ok: true, status: 200, message: result.message, data: { changedAt: new Date().toISOString() } },
    { headers: { "Set-Cookie": await sessionCookieHeader(args.request, session) } },
  );
}

export default function ManagePassword({ loaderData, actionData }: Route.ComponentProps) {
  const sessions = useAdminWrite("my-account");
  const others = loaderData.sessions.filter((session) => !session.current).length;
  const changedAt = (actionData?.data as { changedAt?: string } | undefined)?.changedAt;

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

      <TitledSection className={account.section} title="새 비밀번호 정하기">
        {/* A new key after a change empties the form. */}
        <RouteForm key={changedAt ?? "form"} rules={loaderData.rules} answer={actionData} className={styles.form}>
          {({ submitting }) => (
            <>
              {/* Lets password managers file the new password under the right account. */}
              <input type="text" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
              <FormField label="현재 비밀번호" name="currentPassword">
                {(field) => <TextInput {...field} type="password" autoComplete="current-password" />}
              </FormField>
              <NewPasswordFields />
              <FormActions>
                <Button type="submit" disabled={submitting}>
                  {submitting ? "저장하는 중…" : "비밀번호 변경"}
                </Button>
              </FormActions>
            </>
          )}
        </RouteForm>
      </TitledSection>

      <TitledSection
        className={account.section}
        title="로그인된 곳"
        intro="이 계정으로 로그인되어 있는 브라우저입니다. 모르는 로그인이 있으면 다른 로그인을 모두 종료하고 비밀번호를 바꿔 주세요."
      >
        <WriteAnswer answer={sessions.answer} />
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
                <ConfirmButton
                  title={`${session.device}의 로그인을 종료할까요?`}
                  message={
                    <p>
                      {session.clientAddress ?? "알 수 없는 주소"}에서 {formatDateTime(session.createdAt)}에 로그인한
                      곳입니다. 그곳에서 저장하지 않은 내용은 사라질 수 있습니다.
                    </p>
                  }
                  disabled={sessions.busy}
                  onConfirm={() => void sessions.send(commandForm("end-session", { sessionId: session.id }))}
                >
                  종료
                </ConfirmButton>
              ),
          }}
        />
        <div className={styles.endSessions}>
          <ConfirmButton
            title="다른 로그인을 모두 종료할까요?"
            message={
              <p>이 브라우저를 뺀 {others}곳의 로그인이 끝납니다. 그곳에서 저장하지 않은 내용은 사라질 수 있습니다.</p>
            }
            confirmLabel="모두 종료"
            disabled={others === 0 || sessions.busy}
            onConfirm={() => void sessions.send(commandForm("end-other-sessions"))}
          >
            다른 로그인 모두 종료
          </ConfirmButton>
        </div>
      </TitledSection>
    </>
  );
}
