import { z } from "zod";
import type { Db } from "../../db/database.ts";
import { newId } from "../../storage/storage.ts";

/**
 * The audit log: every administrative write appends one entry. Categories are the spec's content
 * kinds plus the ones the rest of the admin needs; the labels are what the dashboard shows.
 */
export const auditCategories = {
  media: "미디어",
  courses: "학습 기록",
  mainActivities: "주요 활동",
  feed: "피드",
  rules: "회칙",
  organization: "조직도",
  admissions: "모집 안내",
  account: "계정",
  calendar: "캘린더",
  odaeho: "오대호",
  leaders: "운영진",
  siteSettings: "사이트 설정",
} as const;

export type AuditCategory = keyof typeof auditCategories;
export const auditCategorySchema = z.enum(
  Object.keys(auditCategories) as [AuditCategory, ...AuditCategory[]],
);

export interface AuditEntryInput {
  category: AuditCategory;
  /** A Korean sentence in the spec's style, e.g. "'해커톤 후기' 게시글이 삭제되었습니다". */
  content: string;
  /** Present when the action failed; the entry's type is then "failure". */
  error?: unknown;
  /** Who did it: the administrator's e-mail address, or "system". */
  actor: string;
}

export interface AuditEntry {
  id: string;
  category: AuditCategory;
  type: "normal" | "failure";
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

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 2000);
  return String(error).slice(0, 2000);
}
