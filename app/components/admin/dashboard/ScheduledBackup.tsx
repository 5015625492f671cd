import { Link } from "react-router";
import type { ScheduledBackupStatus } from "#server/backup/schedule-status.ts";
import { formatDateTime } from "#shared/dates.ts";
import { Notice } from "../Notice.tsx";

/**
 * The backups the server takes every day (BACKUP_TO), at the top of the dashboard: where they go
 * and the last one with its size, or a warning when there is none yet, the last is more than two
 * days old or the latest attempt failed. Without BACKUP_TO, a word on setting it up.
 */
export function ScheduledBackup({ status }: { status: ScheduledBackupStatus }) {
  if (!status.configured) {
    return (
      <Notice tone="info" title="자동 백업이 꺼져 있습니다">
        <p>
          서버가 매일 백업을 다른 곳에 남기도록 하려면 서버 관리자에게 <code>BACKUP_TO</code> 환경 변수(폴더나 s3://
          버킷 주소)를 정해 달라고 해 주세요. 그동안은 <Link to="/admin/backup">백업 페이지</Link>에서 직접 내려받아
          보관할 수 있습니다.
        </p>
      </Notice>
    );
  }
  const { last, warning } = status;
  const where = (
    <>
      매일 {status.at}(한국 시간)에 <code>{status.target}</code>에 백업하고 최근 {status.keep}개를 남깁니다.
    </>
  );
  const lastLine = last && (
    <>
      마지막 백업: {formatDateTime(last.finishedAt)}, {formatSize(last.bytes)} (<code>{last.location}</code>)
    </>
  );
  if (!warning) {
    return (
      <Notice tone="info" title="자동 백업">
        <p>{lastLine ?? "첫 백업을 만드는 중입니다."}</p>
        <p>{where}</p>
      </Notice>
    );
  }
  const title =
    warning.kind === "failed"
      ? "자동 백업이 실패했습니다"
      : warning.kind === "old"
        ? `마지막 자동 백업이 ${warning.days}일 전입니다`
        : "자동 백업이 아직 없습니다";
  return (
    <Notice tone="error" title={title}>
      {warning.kind === "failed" && (
        <p>
          {formatDateTime(warning.at)}의 시도: {warning.error} 한 시간 뒤에 다시 시도합니다.
        </p>
      )}
      <p>{lastLine ?? "아직 완료된 자동 백업이 없습니다."}</p>
      <p>
        {where} 계속되면 서버 관리자에게 알리고, 그동안은 <Link to="/admin/backup">백업 페이지</Link>에서 직접 내려받아
        두세요.
      </p>
    </Notice>
  );
}

/** Bytes as a manager reads a file's size: 840KB, 12.3MB, 1.2GB. */
function formatSize(bytes: number): string {
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)}${units[unit]}`;
}
