import account from "#app/components/admin/AccountPage.module.css";
import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { RecordTable, TimeCell } from "#app/components/admin/DataTable.tsx";
import type { listOpenInvitations } from "#server/domain/accounts/links.ts";
import { roleLabels } from "#shared/roles.ts";

type Invitation = Awaited<ReturnType<typeof listOpenInvitations>>[number];

/**
 * The invitations not yet used, each with its cancel button (after a question), as the managers'
 * page and the handover page list them; "none" when there are none.
 */
export function OpenInvitations({
  invitations,
  caption,
  busy,
  onCancel,
  emptyClassName,
}: {
  invitations: Invitation[];
  caption: string;
  busy: boolean;
  onCancel: (invitation: Invitation) => void;
  emptyClassName?: string | undefined;
}) {
  if (invitations.length === 0) return <p className={emptyClassName}>열려 있는 초대 링크가 없습니다.</p>;
  return (
    <RecordTable
      caption={caption}
      items={invitations}
      columns={["받는 사람", "역할", "만든 관리자", "만든 때", "기한"]}
      cells={(invitation) => (
        <>
          <td>{invitation.note}</td>
          <td>{roleLabels[invitation.role]}</td>
          <td className={account.email}>{invitation.createdBy}</td>
          <TimeCell at={invitation.createdAt} />
          <TimeCell at={invitation.expiresAt} />
        </>
      )}
      action={{
        label: "초대 취소",
        cell: (invitation) => (
          <ConfirmButton
            title={`'${invitation.note}' 초대 링크를 취소할까요?`}
            message={<p>이미 보낸 링크를 열어도 계정을 만들 수 없게 됩니다.</p>}
            confirmLabel="초대 취소"
            disabled={busy}
            onConfirm={() => onCancel(invitation)}
          >
            취소
          </ConfirmButton>
        ),
      }}
    />
  );
}
