import { ConfirmButton } from "#app/components/admin/ConfirmButton.tsx";
import { Button } from "#app/components/ui/Button.tsx";
import { commandForm } from "#app/lib/admin/use-admin-write.ts";
import { withParticle } from "#shared/korean.ts";
import { type Role, roleLabels } from "#shared/roles.ts";
import type { WriteResult } from "#shared/write-result.ts";

interface Target {
  id: string;
  email: string;
  role: Role;
}

/**
 * What an owner does to another account, on the managers' page and the handover page: its role
 * switched, ownership handed to it, its second factor reset (a lost phone), its sessions ended.
 * Each is a command of the accounts type, sent through the page's one write.
 */
export function AccountOwnerActions({
  target,
  busy,
  send,
  handOver = false,
}: {
  target: Target;
  busy: boolean;
  send: (form: FormData) => Promise<WriteResult<unknown>>;
  /** Offers "소유권 넘기기" (the handover page) rather than a plain role switch. */
  handOver?: boolean;
}) {
  const other: Role = target.role === "owner" ? "editor" : "owner";
  return (
    <>
      {handOver && target.role === "editor" ? (
        <ConfirmButton
          title={`'${target.email}' 관리자에게 소유권을 넘길까요?`}
          message={
            <p>이 관리자가 소유자가 되고, 나는 편집자가 됩니다. 계정·백업·사이트 설정은 새 소유자만 다룹니다.</p>
          }
          confirmLabel="소유권 넘기기"
          disabled={busy}
          onConfirm={() => void send(commandForm("hand-over", { id: target.id }))}
        >
          소유권 넘기기
        </ConfirmButton>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          aria-label={`'${target.email}' 계정을 ${withParticle(roleLabels[other], "으로/로")} 바꾸기`}
          onClick={() => void send(commandForm("set-role", { id: target.id, role: other }))}
        >
          {withParticle(roleLabels[other], "으로/로")} 바꾸기
        </Button>
      )}
      <ConfirmButton
        title={`'${target.email}' 계정의 2단계 인증을 초기화할까요?`}
        message={
          <p>패스키와 인증 앱, 복구 코드가 지워지고 로그인된 곳이 모두 끝납니다. 휴대폰을 잃어버렸을 때 씁니다.</p>
        }
        confirmLabel="2단계 인증 초기화"
        disabled={busy}
        onConfirm={() => void send(commandForm("reset-second-factor", { id: target.id }))}
      >
        2단계 인증 초기화
      </ConfirmButton>
      <ConfirmButton
        title={`'${target.email}' 계정의 로그인을 모두 끝낼까요?`}
        message={<p>그 관리자는 다시 로그인해야 합니다.</p>}
        confirmLabel="로그인 끝내기"
        disabled={busy}
        onConfirm={() => void send(commandForm("end-sessions", { id: target.id }))}
      >
        로그인 끝내기
      </ConfirmButton>
    </>
  );
}
