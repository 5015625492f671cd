import { useState } from "react";
import { Link } from "react-router";
import account from "#app/components/admin/AccountPage.module.css";
import { AccountCells } from "#app/components/admin/accounts/AccountCells.tsx";
import { AccountOwnerActions } from "#app/components/admin/accounts/AccountOwnerActions.tsx";
import { isNewLink, type NewLink, OneTimeLink } from "#app/components/admin/accounts/OneTimeLink.tsx";
import { OpenInvitations } from "#app/components/admin/accounts/OpenInvitations.tsx";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { RecordTable, TimeCell } from "#app/components/admin/DataTable.tsx";
import { FormField, Select, TextInput } from "#app/components/admin/FormField.tsx";
import { AddItemForm } from "#app/components/admin/list/AddItemForm.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { TitledSection } from "#app/components/admin/TitledSection.tsx";
import { WriteAnswer } from "#app/components/admin/WriteAnswer.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { commandForm, useAdminWrite } from "#app/lib/admin/use-admin-write.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { listOpenInvitations } from "#server/domain/accounts/links.ts";
import { invitationFields, listAccountsWithResetLinks } from "#server/domain/accounts/manage.ts";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import { getServices } from "#server/http/router-context.ts";
import { requireSignedIn } from "#server/http/session-guard.ts";
import { formatDateTime } from "#shared/dates.ts";
import { ROLES, roleLabels } from "#shared/roles.ts";
import type { Route } from "./+types/manage-managers";
import styles from "./manage-managers.module.css";

const TYPE = "accounts";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "관리자 계정", noIndex: true });

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSignedIn(args);
  const { db } = getServices(args.context);
  const [managers, invitations] = await Promise.all([listAccountsWithResetLinks(db), listOpenInvitations(db)]);
  return { selfId: session.account.id, managers, invitations, rules: fieldRules(invitationFields) };
}

type Manager = Route.ComponentProps["loaderData"]["managers"][number];

export default function ManageManagers({ loaderData }: Route.ComponentProps) {
  const { selfId, managers, invitations, rules } = loaderData;
  const accounts = useAdminWrite(TYPE);
  const invites = useAdminWrite(TYPE);
  const [resetLink, setResetLink] = useState<(NewLink & { email: string }) | null>(null);
  const [inviteLink, setInviteLink] = useState<(NewLink & { note: string }) | null>(null);

  async function makeResetLink(manager: Manager) {
    setResetLink(null);
    const answer = await accounts.send(commandForm("reset-link", { id: manager.id }));
    if (answer.ok && isNewLink(answer.data)) setResetLink({ ...answer.data, email: manager.email });
  }

  return (
    <>
      <PageHeader
        eyebrow="운영"
        title="관리자 계정"
        description={
          <p>
            이 관리 화면에 로그인하는 운영진의 계정입니다. 소유자는 계정·백업·사이트 설정까지, 편집자는 콘텐츠와 파일을
            다룹니다. 새 운영진은 초대 링크로 직접 계정을 만들고, 비밀번호를 잊은 사람에게는 재설정 링크를 만들어
            보냅니다. 사이트는 메일을 보내지 않으니 링크는 복사해서 메신저로 전해 주세요. 해마다 넘겨줄 때는{" "}
            <Link to="/admin/handover">인수인계</Link> 화면을 쓰세요.
          </p>
        }
      />

      <TitledSection
        className={account.section}
        title={
          <>
            관리자 <span className={styles.count}>{managers.length}명</span>
          </>
        }
      >
        <WriteAnswer answer={accounts.answer} />
        {resetLink && (
          <OneTimeLink key={resetLink.path} title={`'${resetLink.email}' 계정의 비밀번호 재설정 링크`} link={resetLink}>
            <p>
              이 링크를 연 사람은 이 계정의 새 비밀번호를 정할 수 있습니다. 본인에게만 보내 주세요. 새 비밀번호를 정하면
              그 계정의 다른 로그인은 모두 끝납니다.
            </p>
          </OneTimeLink>
        )}
        <RecordTable
          caption="관리자 목록"
          items={managers}
          columns={["이메일", "역할", "계정을 만든 때", "마지막 로그인"]}
          cells={(manager) => (
            <>
              <AccountCells email={manager.email} role={manager.role} self={manager.id === selfId}>
                {manager.resetLinkExpiresAt && (
                  <span className={styles.note}>
                    재설정 링크가 {formatDateTime(manager.resetLinkExpiresAt)}까지 열려 있습니다
                  </span>
                )}
                {manager.accessEndsAt && (
                  <span className={styles.note}>{formatDateTime(manager.accessEndsAt)}에 사용 기간이 끝납니다</span>
                )}
              </AccountCells>
              <TimeCell at={manager.createdAt} />
              {manager.lastSignedInAt ? <TimeCell at={manager.lastSignedInAt} /> : <td data-nowrap>기록 없음</td>}
            </>
          )}
          action={{
            label: "계정 관리",
            cell: (manager) =>
              manager.id === selfId ? (
                <span className={styles.note}>
                  내 비밀번호는 <Link to="/admin/manage-password">비밀번호 변경</Link>에서 바꿉니다
                </span>
              ) : (
                <div className={styles.actions}>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={accounts.busy}
                    aria-label={`'${manager.email}' 비밀번호 재설정 링크 만들기`}
                    onClick={() => makeResetLink(manager)}
                  >
                    재설정 링크 만들기
                  </Button>
                  <AccountOwnerActions target={manager} busy={accounts.busy} send={accounts.send} />
                  <ConfirmButton
                    title={`'${manager.email}' 계정을 삭제할까요?`}
                    message={
                      <p>
                        이 계정으로는 더 이상 로그인할 수 없고, 지금 로그인된 곳도 모두 끝납니다. 되돌릴 수 없으니 다시
                        필요하면 새로 초대해 주세요.
                      </p>
                    }
                    confirmLabel="계정 삭제"
                    disabled={accounts.busy}
                    onConfirm={() => {
                      setResetLink(null);
                      void accounts.send(commandForm("remove", { id: manager.id }));
                    }}
                  >
                    삭제
                  </ConfirmButton>
                </div>
              ),
          }}
        />
      </TitledSection>

      <TitledSection
        className={account.section}
        title="다른 관리자 초대하기"
        intro="받는 사람을 적고 초대 링크를 만들면, 그 링크로 본인이 이메일과 비밀번호를 정해 계정을 만듭니다. 링크는 48시간 동안 한 번만 쓸 수 있습니다."
      >
        <div className={styles.form}>
          <AddItemForm
            contentType={TYPE}
            intent="invite"
            label="관리자 초대"
            submitLabel="초대 링크 만들기"
            rules={rules}
            onSaved={(result, form) => {
              if (isNewLink(result.data)) setInviteLink({ ...result.data, note: String(form.get("note")).trim() });
            }}
          >
            {() => (
              <>
                <FormField
                  label="받는 사람"
                  name="note"
                  hint="예: 김코딩 (24학번, 기획부). 아직 쓰지 않은 초대 목록과 관리 기록에서 이 링크를 알아보는 데 씁니다."
                >
                  {(field) => <TextInput {...field} autoComplete="off" />}
                </FormField>
                <FormField
                  label="역할"
                  name="role"
                  hint="편집자는 콘텐츠와 파일을, 소유자는 계정·백업·사이트 설정까지 다룹니다."
                >
                  {(field) => (
                    <Select {...field} defaultValue="editor">
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {roleLabels[role]}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
              </>
            )}
          </AddItemForm>
        </div>
        {inviteLink && (
          <OneTimeLink key={inviteLink.path} title={`'${inviteLink.note}' 초대 링크`} link={inviteLink}>
            <p>이 링크를 연 사람은 누구나 관리자 계정을 만들 수 있습니다. 초대할 사람에게만 보내 주세요.</p>
          </OneTimeLink>
        )}

        <h3 className={styles.subTitle}>아직 쓰지 않은 초대 링크</h3>
        <WriteAnswer answer={invites.answer} />
        <OpenInvitations
          invitations={invitations}
          caption="아직 쓰지 않은 초대 링크"
          busy={invites.busy}
          onCancel={(invitation) => void invites.send(commandForm("cancel-invite", { id: invitation.id }))}
          emptyClassName={styles.empty}
        />
      </TitledSection>
    </>
  );
}
