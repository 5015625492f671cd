import type { RefusedSignIn } from "#server/domain/dashboard/refused-sign-ins.ts";
import { LogTable } from "./LogTable.tsx";
import styles from "./RefusedSignInsTable.module.css";

/** The latest refused sign-ins, newest first: when, which address was tried, why, from where. */
export function RefusedSignInsTable({ entries, days }: { entries: RefusedSignIn[]; days: number }) {
  return (
    <LogTable
      caption="최근 거부된 로그인"
      entries={entries}
      emptyText={`최근 ${days}일 동안 거부된 로그인이 없습니다.`}
      columns={["이메일", "이유", "접속 주소"]}
      cells={(entry) => (
        <>
          <td data-mono className={styles.email}>
            {entry.email ?? "알 수 없음"}
          </td>
          <td className={styles.reason}>{entry.reason}</td>
          <td data-nowrap data-mono>
            {entry.clientAddress ?? "알 수 없음"}
          </td>
        </>
      )}
    />
  );
}
