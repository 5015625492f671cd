import { Link } from "react-router";
import { formatDateTime } from "#shared/dates.ts";
import { type Role, roleLabels } from "#shared/roles.ts";
import { Notice } from "../Notice.tsx";

/**
 * The owner's warning, at the top of the dashboard, about accounts whose access ends within two
 * weeks (the end of a term): time to hand over, or to extend it on the handover page.
 */
export function AccessEndings({
  endings,
  days,
}: {
  endings: readonly { id: string; email: string; role: Role; endsAt: string }[];
  days: number;
}) {
  if (endings.length === 0) return null;
  return (
    <Notice tone="error" title={`${days}일 안에 사용 기간이 끝나는 계정이 있습니다`}>
      <ul>
        {endings.map((ending) => (
          <li key={ending.id}>
            <strong>{ending.email}</strong> ({roleLabels[ending.role]}): {formatDateTime(ending.endsAt)}까지
          </li>
        ))}
      </ul>
      <p>
        기간이 끝나면 그 계정으로는 로그인할 수 없습니다. 넘겨줄 일이 남았다면{" "}
        <Link to="/admin/handover">인수인계</Link> 화면에서 정리하거나 기간을 바꿔 주세요.
      </p>
    </Notice>
  );
}
