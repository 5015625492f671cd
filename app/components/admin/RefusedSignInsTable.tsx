import { EmptyState } from "#app/components/ui/EmptyState.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import type { RefusedSignIn } from "#server/domain/dashboard/refused-sign-ins.ts";
import { DataTable } from "./DataTable.tsx";
import styles from "./RefusedSignInsTable.module.css";

/** The latest refused sign-ins, newest first: when, which address was tried, why, from where. */
export function RefusedSignInsTable({ entries, days }: { entries: RefusedSignIn[]; days: number }) {
  if (entries.length === 0) return <EmptyState title={`최근 ${days}일 동안 거부된 로그인이 없습니다.`} />;
  return (
    <DataTable caption="최근 거부된 로그인" hideCaption>
      <thead>
        <tr>
          <th scope="col">시간</th>
          <th scope="col">이메일</th>
          <th scope="col">이유</th>
          <th scope="col">접속 주소</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td data-nowrap data-mono>
              <time dateTime={entry.time}>{formatDateTime(entry.time)}</time>
            </td>
            <td data-mono className={styles.email}>
              {entry.email ?? "알 수 없음"}
            </td>
            <td className={styles.reason}>{entry.reason}</td>
            <td data-nowrap data-mono>
              {entry.clientAddress ?? "알 수 없음"}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
