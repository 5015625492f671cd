import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { explainFailure } from "#server/failures.ts";
import { newId } from "#server/storage/storage.ts";
import { type AuditCategory, type AuditType, auditCategories, auditTypes } from "#shared/audit-categories.ts";

/**
 * The audit log: every administrative write appends one entry. The categories and their labels
 * live in `categories.ts`, which pages in the browser can import too.
 */
export {
  type AuditCategory,
  type AuditType,
  auditCategories,
  auditTypes,
} from "#shared/audit-categories.ts";

export const auditCategorySchema = z.enum(Object.keys(auditCategories) as [AuditCategory, ...AuditCategory[]]);
export const auditTypeSchema = z.enum(Object.keys(auditTypes) as [AuditType, ...AuditType[]]);

export interface AuditEntryInput {
  category: AuditCategory;
  /** A Korean sentence in the spec's style, e.g. "'해커톤 후기' 게시글이 삭제되었습니다". */
  content: string;
  /** Present when the action failed; the entry's type is then "failure". */
  error?: unknown;
  /** Who did it: the manager's e-mail address, or "system". */
  actor: string;
}

export interface AuditEntry {
  id: string;
  category: AuditCategory;
  type: AuditType;
  content: string;
  error: string | null;
  actor: string;
  time: string;
}

/** Appends one entry. An entry with an error attached has type "failure". */
export async function writeAuditLog(db: Db, entry: AuditEntryInput): Promise<AuditEntry> {
  const row: AuditEntry = {
    id: newId(),
    category: entry.category,
    type: entry.error === undefined ? "normal" : "failure",
    content: entry.content,
    error: entry.error === undefined ? null : describeError(entry.error),
    actor: entry.actor,
    time: new Date().toISOString(),
  };
  await db.insertInto("audit_log").values(row).execute();
  return row;
}

/**
 * The error as a manager reads it in the log (the failure taxonomy's audit text): what was wrong
 * with the input, in Korean, for the refusals a manager can act on; the error's own words only
 * for a fault of the server.
 */
function describeError(error: unknown): string {
  return explainFailure(error).auditText.slice(0, 2000);
}

export interface AuditQuery {
  category?: AuditCategory | undefined;
  type?: AuditType | undefined;
  /** 1-based; a page past the end shows the last page. */
  page: number;
  pageSize: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageCount: number;
}

/** The newest entries first, filtered by category and type, one page at a time. */
export async function listAuditEntries(db: Db, query: AuditQuery): Promise<AuditPage> {
  let filtered = db.selectFrom("audit_log");
  if (query.category) filtered = filtered.where("category", "=", query.category);
  if (query.type) filtered = filtered.where("type", "=", query.type);
  const { count } = await filtered
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await filtered
    .select(["id", "category", "type", "content", "error", "actor", "time"])
    .orderBy("time", "desc")
    .orderBy("id", "desc")
    .limit(query.pageSize)
    .offset((page - 1) * query.pageSize)
    .execute();
  const entries = rows.map((row) => ({ ...row, category: row.category as AuditCategory }));
  return { entries, total, page, pageCount };
}
