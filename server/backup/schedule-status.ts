import type { BackupSchedule, Config } from "#server/config.ts";
import type { Db } from "#server/db/schema.ts";

/** What the dashboard says of the scheduled backups: where they go, the last one, what is wrong. */
export type ScheduledBackupStatus =
  | { configured: false }
  | {
      configured: true;
      /** BACKUP_TO as the managers may read it (a folder, or s3://bucket/prefix). */
      target: string;
      /** The time of day in Seoul, "04:00". */
      at: string;
      keep: number;
      /** The newest backup that was written and read back whole. */
      last?: { finishedAt: string; bytes: number; location: string } | undefined;
      /** Why a manager should look: none yet, the last is old, or the latest attempt failed. */
      warning?:
        | { kind: "none-yet" }
        | { kind: "old"; days: number }
        | { kind: "failed"; at: string; error: string }
        | undefined;
    };

/** The last backup older than this is a warning: one missed day is noticed before a second. */
const STALE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;
/** A claim older than this that never finished has failed (its process stopped). */
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

export async function scheduledBackupStatus(
  db: Db,
  config: Pick<Config, "backup">,
  now = new Date(),
): Promise<ScheduledBackupStatus> {
  const schedule = config.backup;
  if (!schedule) return { configured: false };
  const [lastDone, latest] = await Promise.all([
    db
      .selectFrom("scheduled_backups")
      .select(["finished_at", "bytes", "location"])
      .where("status", "=", "done")
      .orderBy("slot", "desc")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("scheduled_backups")
      .select(["slot", "status", "started_at", "finished_at", "error"])
      .orderBy("slot", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const last =
    lastDone?.finished_at && lastDone.location
      ? { finishedAt: lastDone.finished_at, bytes: Number(lastDone.bytes ?? 0), location: lastDone.location }
      : undefined;
  const abandoned = latest?.status === "running" && now.getTime() - Date.parse(latest.started_at) > ABANDONED_AFTER_MS;
  let warning: Extract<ScheduledBackupStatus, { configured: true }>["warning"];
  if (latest && (latest.status === "failed" || abandoned)) {
    warning = {
      kind: "failed",
      at: latest.finished_at ?? latest.started_at,
      error: latest.error ?? "백업을 만들던 서버 프로세스가 끝나 완료되지 못했습니다.",
    };
  } else if (!last) {
    warning = latest?.status === "running" ? undefined : { kind: "none-yet" };
  } else if (now.getTime() - Date.parse(last.finishedAt) > STALE_AFTER_MS) {
    warning = { kind: "old", days: Math.floor((now.getTime() - Date.parse(last.finishedAt)) / (24 * 60 * 60 * 1000)) };
  }
  return {
    configured: true,
    target: describeTarget(schedule),
    at: `${String(schedule.at.hour).padStart(2, "0")}:${String(schedule.at.minute).padStart(2, "0")}`,
    keep: schedule.keep,
    last,
    warning,
  };
}

function describeTarget({ target }: BackupSchedule): string {
  if (target.kind === "folder") return target.dir;
  return `s3://${target.settings.bucket}${target.prefix ? `/${target.prefix}` : ""}`;
}
