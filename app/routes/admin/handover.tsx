import { Link, useNavigate } from "react-router";
import account from "#app/components/admin/AccountPage.module.css";
import { AccountCells } from "#app/components/admin/accounts/AccountCells.tsx";
import { AccountOwnerActions } from "#app/components/admin/accounts/AccountOwnerActions.tsx";
import { OpenInvitations } from "#app/components/admin/accounts/OpenInvitations.tsx";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { RecordTable, TimeCell } from "#app/components/admin/DataTable.tsx";
import { ScheduledBackup } from "#app/components/admin/dashboard/ScheduledBackup.tsx";
import { PageHeader } from "#app/components/admin/PageHeader.tsx";
import { TitledSection } from "#app/components/admin/TitledSection.tsx";
import { WriteAnswer } from "#app/components/admin/WriteAnswer.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { commandForm, useAdminWrite } from "#app/lib/admin/use-admin-write.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { handoverOverview } from "#server/domain/accounts/handover.ts";
import { getServices } from "#server/http/router-context.ts";
import { requireSignedIn } from "#server/http/session-guard.ts";
import { formatDateTime, seoulDate } from "#shared/dates.ts";
import type { Route } from "./+types/handover";
import styles from "./manage-managers.module.css";

const TYPE = "accounts";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "인수인계", noIndex: true });

/** Owners only: the admin area's guard refuses an editor (roleForAdminPath). */
export async function loader(args: Route.LoaderArgs) {
  const session = await requireSignedIn(args);
  const { db, config } = getServices(args.context);
  return { selfId: session.account.id, ...(await handoverOverview(db, config)) };
}

/** The day access ends, as the date field shows it (the day before the stored end, in Seoul). */
function endDay(endsAt: string | null): string {
  if (!endsAt) return "";
  return seoulDate(new Date(Date.parse(endsAt) - 1));
}

export default function Handover({ loaderData }: Route.ComponentProps) {
  const { selfId, accounts, invitations, leaders, contact, scheduledBackup, lastCopy } = loaderData;
  const write = useAdminWrite(TYPE);
  // After handing ownership on, this page is no longer the sender's: its data is not loaded
  // again (that would be refused), and the now editor goes on at the dashboard, told it is done.
  const handOver = useAdminWrite(TYPE, { reload: false });
  const navigate = useNavigate();
  const busy = write.busy || handOver.busy;
  async function sendOwnerAction(form: FormData) {
    if (form.get("intent") !== "hand-over") return write.send(form);
    const result = await handOver.send(form);
    if (result.ok) await navigate("/admin", { replace: true, state: { answer: result } });
    return result;
  }

  return (
    <>
      <PageHeader
        eyebrow="운영"
        title="인수인계"
        description={
          <p>
            다음 운영진에게 사이트를 넘기기 전에 여기서 한 번에 확인합니다. 누가 접근할 수 있는지, 아직 쓰지 않은 초대,
            회장·부회장 기록, 연락처와 마지막 백업을 보고, 소유권을 넘기고 떠나는 사람의 계정을 정리하세요. 모든 변경은
            관리 기록에 남습니다.
          </p>
        }
      />
      <WriteAnswer answer={handOver.answer && !handOver.answer.ok ? handOver.answer : write.answer} />

      <TitledSection className={account.section} title="접근할 수 있는 사람">
        <RecordTable
          caption="접근할 수 있는 사람"
          items={accounts}
          columns={["이메일", "역할", "마지막 로그인", "사용 기간"]}
          cells={(manager) => (
            <>
              <AccountCells email={manager.email} role={manager.role} self={manager.id === selfId} />
              {manager.lastSignedInAt ? <TimeCell at={manager.lastSignedInAt} /> : <td data-nowrap>기록 없음</td>}
              <td>
                <form
                  className={styles.actions}
                  aria-label={`'${manager.email}' 사용 기간`}
                  onSubmit={(event) => {
                    event.preventDefault();
                    const form = new FormData(event.currentTarget);
                    form.set("intent", "set-access-end");
                    form.set("id", manager.id);
                    void write.send(form);
                  }}
                >
                  <input
                    type="date"
                    name="endsOn"
                    aria-label={`'${manager.email}' 사용 기간이 끝나는 날`}
                    defaultValue={endDay(manager.accessEndsAt)}
                    key={manager.accessEndsAt ?? "none"}
                    disabled={manager.id === selfId}
                  />
                  {manager.id !== selfId && (
                    <Button size="sm" variant="secondary" type="submit" disabled={busy}>
                      기간 저장
                    </Button>
                  )}
                </form>
              </td>
            </>
          )}
          action={{
            label: "정리",
            cell: (manager) =>
              manager.id === selfId ? (
                <span className={styles.note}>소유권을 넘기면 나는 편집자가 됩니다</span>
              ) : (
                <div className={styles.actions}>
                  <AccountOwnerActions target={manager} busy={busy} send={sendOwnerAction} handOver />
                  <ConfirmButton
                    title={`'${manager.email}' 계정을 삭제할까요?`}
                    message={<p>이 계정으로는 더 이상 로그인할 수 없고, 로그인된 곳도 모두 끝납니다.</p>}
                    confirmLabel="계정 삭제"
                    disabled={busy}
                    onConfirm={() => void write.send(commandForm("remove", { id: manager.id }))}
                  >
                    삭제
                  </ConfirmButton>
                </div>
              ),
          }}
        />
      </TitledSection>

      <TitledSection className={account.section} title="아직 쓰지 않은 초대">
        <OpenInvitations
          invitations={invitations}
          caption="아직 쓰지 않은 초대"
          busy={busy}
          onCancel={(invitation) => void write.send(commandForm("cancel-invite", { id: invitation.id }))}
          emptyClassName={styles.empty}
        />
        <p>
          새 운영진은 <Link to="/admin/manage-managers">관리자 계정</Link>에서 역할을 골라 초대합니다.
        </p>
      </TitledSection>

      <TitledSection className={account.section} title="회장과 부회장">
        <ul>
          <li>
            회장: {leaders.president ? `${leaders.president.name} (${leaders.president.phoneNumber})` : "비어 있음"}
          </li>
          {leaders.vicePresidents.map((leader) => (
            <li key={`${leader.name}-${leader.phoneNumber}`}>
              부회장: {leader.name} ({leader.phoneNumber})
            </li>
          ))}
        </ul>
        <p>
          <Link to="/admin/manage-leaders">운영진 기록 고치기</Link>
        </p>
      </TitledSection>

      <TitledSection className={account.section} title="연락처">
        <ul>
          <li>동아리 이름: {contact.clubName || "비어 있음"}</li>
          <li>이메일: {contact.email || "비어 있음"}</li>
          <li>주소: {contact.address || "비어 있음"}</li>
        </ul>
        <p>
          <Link to="/admin/manage-settings">연락처와 사이트 설정 고치기</Link>
        </p>
      </TitledSection>

      <TitledSection className={account.section} title="마지막 백업">
        <ScheduledBackup status={scheduledBackup} />
        <p>
          {lastCopy
            ? `직접 만든 마지막 백업: ${formatDateTime(lastCopy.at)}, ${lastCopy.actor} — ${lastCopy.content}`
            : "직접 내려받거나 명령줄에서 만든 백업 기록이 없습니다."}{" "}
          <Link to="/admin/backup">백업과 복원</Link>
        </p>
        <p>
          인증 앱의 비밀값을 여는 비밀 키(<code>SECRETS_KEY</code> 또는 데이터 폴더의 <code>secrets.key</code>)는 백업에
          들어 있지 않습니다. 서버를 넘길 때 백업과 따로 전해 주세요.
        </p>
      </TitledSection>
    </>
  );
}
