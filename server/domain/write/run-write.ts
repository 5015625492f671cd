import { bumpContentRevision } from "#server/db/content-revision.ts";
import type { Db } from "#server/db/database.ts";
import { type AuditCategory, writeAuditLog } from "#server/domain/audit-log/audit-log.ts";
import { type FileChanges, writeWithFiles } from "#server/domain/files/files.ts";
import { explainFailure, failureAnswer } from "#server/failures.ts";
import type { Services } from "#server/services.ts";
import type { WriteResult } from "#shared/write-result.ts";
import { NothingChanged } from "./unchanged.ts";

/**
 * What a write reports on success: one sentence, logged and shown; or, for a write that changes
 * several records at once, one audit entry for each record and a summary shown to the manager.
 */
export type WriteReport = string | { message: string; entries: readonly string[] };

export interface WriteDescription<T = unknown> {
  category: AuditCategory;
  /**
   * Logged and shown on success, e.g. "'해커톤 후기' 게시글이 수정되었습니다"; or made from the
   * work's result, when only the work knows what changed (and how many records it changed).
   */
  success: string | ((result: T) => WriteReport);
  /** Logged with the error on failure, e.g. "'해커톤 후기' 게시글 수정에 실패했습니다". */
  failure: string;
}

/**
 * The one way an manager's change is written: the work and its audit entries (one, or one
 * for each record a bulk change touched) in one transaction, with the files it stores or
 * removes, that also counts a content revision; the public page cache emptied once it commits,
 * a failure entry with the error when it fails, and an answer the page can show. What a failure
 * answers and logs is the failure taxonomy's (server/failures.ts): refusals are 4xx, an
 * unreachable database 503, anything else a 500 with a generic message.
 */
export async function runWrite<T = undefined>(
  services: Pick<Services, "db" | "storage" | "logger" | "pageCache">,
  actor: string,
  description: WriteDescription<T>,
  work: (trx: Db, files: FileChanges) => Promise<T>,
): Promise<WriteResult<T>> {
  try {
    const { data, message, revision } = await writeWithFiles(services.db, services.storage, async (trx, files) => {
      const result = await work(trx, files);
      const message = await writeSuccessEntries(trx, actor, description, result);
      return { data: result, message, revision: await bumpContentRevision(trx) };
    });
    // Before the answer goes out, so the manager's next page load shows the change.
    await services.pageCache.invalidate(revision);
    return { ok: true, status: 200, message, data };
  } catch (error) {
    if (error instanceof NothingChanged) return { ok: true, status: 200, message: error.message, unchanged: true };
    return failWrite(services, actor, description, error);
  }
}

/**
 * The success entries of a write, in the caller's transaction; returns the message shown. For
 * work that keeps its own transaction (a restore) and for `recordDone`.
 */
export async function writeSuccessEntries<T>(
  trx: Db,
  actor: string,
  description: Pick<WriteDescription<T>, "category" | "success">,
  result: T,
): Promise<string> {
  const report = typeof description.success === "function" ? description.success(result) : description.success;
  const { message, entries } = typeof report === "string" ? { message: report, entries: [report] } : report;
  for (const content of entries) await writeAuditLog(trx, { category: description.category, content, actor });
  return message;
}

/**
 * Audits something done that changed no content (a backup downloaded): its entry written like a
 * write's, without a content revision, so no page cache is emptied.
 */
export async function recordDone<T>(
  services: Pick<Services, "db" | "logger">,
  actor: string,
  description: WriteDescription<T>,
  result: T,
): Promise<WriteResult<T>> {
  try {
    const message = await services.db
      .transaction()
      .execute((trx) => writeSuccessEntries(trx, actor, description, result));
    return { ok: true, status: 200, message, data: result };
  } catch (error) {
    return failWrite(services, actor, description, error);
  }
}

/**
 * The failure half of `runWrite`, for a write that fails before its transaction starts (an
 * upload that is refused while it is read or checked): the failure entry, with what the refusal
 * leaves behind (a counted sign-in attempt) in the same transaction, and the answer.
 */
export async function failWrite(
  services: Pick<Services, "db" | "logger">,
  actor: string,
  description: Pick<WriteDescription, "category" | "failure">,
  error: unknown,
): Promise<WriteResult<never>> {
  const failure = explainFailure(error);
  if (failure.kind === "fault") services.logger.error({ err: error }, description.failure);
  try {
    await services.db.transaction().execute(async (trx) => {
      await failure.record?.(trx);
      await writeAuditLog(trx, { category: description.category, content: description.failure, error, actor });
    });
  } catch (logError) {
    services.logger.error({ err: logError }, "could not write the failure to the audit log");
  }
  return failureAnswer(error);
}
