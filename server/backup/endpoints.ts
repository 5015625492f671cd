import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { create as contentDisposition } from "content-disposition";
import { failWrite, recordDone, writeSuccessEntries } from "#server/domain/write/run-write.ts";
import { BadRequestError } from "#server/failures.ts";
import { cacheHeader } from "#server/http/cache-policy.ts";
import { readBodyToFile } from "#server/http/request-body.ts";
import type { Services } from "#server/services.ts";
import { formatDateTime, seoulDateTime } from "#shared/dates.ts";
import type { WriteResult } from "#shared/write-result.ts";
import { BackupArchiveError, type Manifest } from "./archive.ts";
import { writeBackup } from "./backup.ts";
import { restoreBackup } from "./restore.ts";
import { SchemaVersionError } from "./verify.ts";

/**
 * The admin area's backup and restore (/admin/backup). A backup is the same archive as
 * `npm run backup`; a restore from here replaces the content and its files only, keeping the
 * managers' accounts, sessions, audit log and visit counts, so the manager doing it stays
 * signed in and the log keeps what happened (decision 0032).
 */

/** The largest archive the admin area takes; a larger site is restored from the command line. */
export const MAX_RESTORE_BYTES = 2 * 1024 * 1024 * 1024;
/** What browsers call a .tar.gz file, and what the restore page sends it as. */
export const ARCHIVE_MEDIA_TYPES = ["application/gzip", "application/x-gzip", "application/octet-stream"] as const;

const FAILED_BACKUP = "백업 파일을 만들지 못했습니다";
const FAILED_RESTORE = "백업에서 복원하지 못했습니다";

const count = (value: number) => value.toLocaleString("ko-KR");
const rowsOf = (manifest: Manifest) => manifest.tables.reduce((sum, table) => sum + table.rows, 0);

/** The audit entry of a download (the handover page finds the last one by its start). */
export const DOWNLOADED_BACKUP = "백업 파일을 내려받았습니다";
const downloadedBackup = {
  category: "backup" as const,
  success: (manifest: Manifest) =>
    `${DOWNLOADED_BACKUP} (행 ${count(rowsOf(manifest))}개, 파일 ${count(manifest.files.length)}개)`,
  failure: FAILED_BACKUP,
};

/** The audit entry of `npm run backup`. */
export const COMMAND_LINE_BACKUP = "명령줄에서 백업 파일을 만들었습니다";
export const commandLineBackup = {
  ...downloadedBackup,
  success: (manifest: Manifest) =>
    `${COMMAND_LINE_BACKUP} (행 ${count(rowsOf(manifest))}개, 파일 ${count(manifest.files.length)}개)`,
};

/**
 * The backup as a download, streamed as it is written: the browser shows its own progress. The
 * audit entry is written once the archive is complete (or failed, with the error).
 */
export function backupDownload(services: Services, actor: string, method = "GET"): Response {
  // Named by the Seoul time it was made: club-backup-20261128-2319.tar.gz.
  const made = seoulDateTime(new Date()).slice(0, 16).replace(/[-:]/g, "").replace("T", "-");
  const name = `club-backup-${made}.tar.gz`;
  const headers = {
    "Content-Type": "application/gzip",
    "Content-Disposition": contentDisposition(name),
    ...cacheHeader("none"),
  };
  // A HEAD request reads no body: no backup is made for it.
  if (method === "HEAD") return new Response(null, { headers });
  const output = new PassThrough();
  void (async () => {
    try {
      const manifest = await writeBackup(services, output);
      await recordDone(services, actor, downloadedBackup, manifest);
    } catch (error) {
      output.destroy(error instanceof Error ? error : new Error(String(error)));
      await failWrite(services, actor, { category: "backup", failure: FAILED_BACKUP }, error);
    }
  })();
  return new Response(Readable.toWeb(output) as ReadableStream<Uint8Array>, { headers });
}

/**
 * A restore from an uploaded archive: received to a temporary file within the size limit,
 * checked whole (gzip, tar, manifest, checksums, schema version), then restored over the content
 * with its audit entry in the same transaction; the page cache is emptied before the answer.
 */
export async function restoreUpload(services: Services, actor: string, request: Request): Promise<WriteResult> {
  const folder = await mkdtemp(path.join(tmpdir(), "club-restore-"));
  try {
    const file = path.join(folder, "upload.tar.gz");
    await readBodyToFile(request, file, { maxBytes: MAX_RESTORE_BYTES, mediaTypes: ARCHIVE_MEDIA_TYPES });
    const summary = await restoreBackup(services, file, {
      replace: true,
      groups: ["content"],
      inTransaction: async (trx, manifest) => {
        await writeSuccessEntries(trx, actor, { category: "backup", success: restoredMessage }, manifest);
      },
    });
    await services.pageCache.invalidate(summary.revision);
    return { ok: true, status: 200, message: restoredMessage(summary.manifest) };
  } catch (error) {
    return failWrite(services, actor, { category: "backup", failure: FAILED_RESTORE }, inKorean(error));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function restoredMessage(manifest: Manifest): string {
  const made = formatDateTime(manifest.createdAt);
  return `${made}에 만든 백업에서 복원되었습니다 (행 ${count(rowsOf(manifest))}개, 파일 ${count(manifest.files.length)}개)`;
}

/** An archive's refusal as the manager reads it; the English detail stays for whoever fixes it. */
function inKorean(error: unknown): unknown {
  if (error instanceof SchemaVersionError) {
    return new BadRequestError(
      error.newer
        ? "이 백업은 이 사이트보다 새 버전에서 만들어져 복원할 수 없습니다. 사이트를 먼저 업데이트해 주세요."
        : "이 백업은 이 사이트의 이전 버전에서 만들어져 여기서는 복원할 수 없습니다. 사이트를 운영하는 분께 알려 주세요.",
    );
  }
  if (error instanceof BackupArchiveError) {
    return new BadRequestError(
      `이 사이트에서 내려받은 백업 파일(.tar.gz)이 아니거나 손상된 파일입니다. 아무것도 바꾸지 않았습니다. (${error.message})`,
    );
  }
  return error;
}
