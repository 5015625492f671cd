import { z } from "zod";
import { bumpContentRevision } from "#server/db/content-revision.ts";
import type { Db } from "#server/db/database.ts";
import { VersionConflictError } from "#server/db/documents.ts";
import { RecordNotFoundError } from "#server/db/versioned.ts";
import { type AuditCategory, writeAuditLog } from "#server/domain/audit-log/audit-log.ts";
import { type FileChanges, writeWithFiles } from "#server/domain/files/files.ts";
import { InputError } from "#server/domain/input-errors.ts";
import type { Services } from "#server/services.ts";
import type { WriteResult } from "#shared/write-result.ts";

/**
 * An input problem found by the action itself (beyond its zod schema), shown next to a field: a
 * 400 like any other refused input, wherever it is caught.
 */
export class FieldError extends InputError {
  override name = "FieldError";
  readonly field: string;
  constructor(field: string, message: string) {
    super(400, message);
    this.field = field;
  }
}

export const conflictMessage =
  "다른 관리자가 먼저 이 내용을 저장했습니다. 입력하신 내용은 그대로 두었습니다. 최신 내용을 보려면 새로 고침하세요.";

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
 * a failure entry with the error when it fails, and an answer the page can show. Validation errors, conflicts, missing records and bad
 * uploads become 4xx answers; anything else is a 500 with a generic message.
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
      const report = typeof description.success === "function" ? description.success(result) : description.success;
      const { message, entries } = typeof report === "string" ? { message: report, entries: [report] } : report;
      for (const content of entries) await writeAuditLog(trx, { category: description.category, content, actor });
      return { data: result, message, revision: await bumpContentRevision(trx) };
    });
    // Before the answer goes out, so the manager's next page load shows the change.
    await services.pageCache.invalidate(revision);
    return { ok: true, status: 200, message, data };
  } catch (error) {
    return failWrite(services, actor, description, error);
  }
}

/**
 * The failure half of `runWrite`, for a write that fails before its transaction starts (an
 * upload that is refused while it is read or checked): the failure entry and the answer.
 */
export async function failWrite(
  services: Pick<Services, "db" | "logger">,
  actor: string,
  description: Pick<WriteDescription, "category" | "failure">,
  error: unknown,
): Promise<WriteResult<never>> {
  const answer = failureAnswer(error);
  if (answer.status >= 500) services.logger.error({ err: error }, description.failure);
  try {
    await writeAuditLog(services.db, {
      category: description.category,
      content: description.failure,
      error,
      actor,
    });
  } catch (logError) {
    services.logger.error({ err: logError }, "could not write the failure to the audit log");
  }
  return answer;
}

/** Maps an error to the answer a manager sees. */
export function failureAnswer(error: unknown): WriteResult<never> {
  if (error instanceof z.ZodError) {
    return {
      ok: false,
      status: 400,
      message: "입력한 내용을 확인해 주세요.",
      fieldErrors: fieldErrorsOf(error),
    };
  }
  if (error instanceof FieldError) {
    return {
      ok: false,
      status: 400,
      message: error.message,
      fieldErrors: { [error.field]: error.message },
    };
  }
  if (error instanceof VersionConflictError) {
    return { ok: false, status: 409, message: conflictMessage, conflict: true };
  }
  if (error instanceof RecordNotFoundError) {
    return {
      ok: false,
      status: 404,
      message: "이미 삭제되었거나 없는 항목입니다. 새로 고침해서 목록을 다시 확인해 주세요.",
      conflict: true,
    };
  }
  if (error instanceof InputError) {
    return { ok: false, status: error.status, message: error.message };
  }
  return {
    ok: false,
    status: 500,
    message: "서버 오류로 저장하지 못했습니다. 입력한 내용은 그대로 있으니 잠시 후 다시 시도해 주세요.",
  };
}

/** zod issues keyed by field (nested paths joined with dots: "leaders.0.phoneNumber"). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
