import type { Db } from "#server/db/database.ts";
import type { FileChanges } from "#server/domain/files/files.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import type { AuditCategory } from "#shared/audit-categories.ts";
import type { ExportFiles } from "./export-files.ts";
import type { FirestoreExport } from "./firestore.ts";

/** What a source document or list entry becomes, with how the report and the audit log name it. */
export const importKinds = {
  article: { category: "media", plural: "articles", noun: "게시글" },
  period: { category: "courses", plural: "periods", noun: "학기" },
  courseEntry: { category: "courses", plural: "course entries", noun: "학습 기록" },
  activity: { category: "mainActivities", plural: "main activities", noun: "주요 활동" },
  odaeho: { category: "odaeho", plural: "odaeho issues", noun: "오대호 회지" },
  event: { category: "calendar", plural: "calendar events", noun: "일정" },
  feedItem: { category: "feed", plural: "feed items", noun: "피드 게시물" },
  group: { category: "organization", plural: "organization groups", noun: "조직도 그룹" },
  member: { category: "organization", plural: "organization members", noun: "구성원" },
  leaders: { category: "leaders", plural: "leaders", noun: "운영진" },
  admissions: { category: "admissions", plural: "admission info", noun: "모집 안내" },
  rules: { category: "rules", plural: "rules", noun: "회칙" },
} as const satisfies Record<string, { category: AuditCategory; plural: string; noun: string }>;

export type ImportKind = keyof typeof importKinds;

/** What an item writes with: the import's one transaction and its files. */
export interface ImportContext {
  trx: Db;
  files: FileChanges;
  storage: FileStorage;
  exportFiles: ExportFiles;
  clubName: string;
  /** The record an earlier item (of this run or an earlier one) made of `source`, if any. */
  importedId(source: string): Promise<string | undefined>;
}

/**
 * One source document or list entry: where it stood (its key between runs), what it becomes,
 * and the write that checks it with the admin's schemas and stores it with the admin's domain
 * functions, answering the new record's id. A SkipError, a schema refusal or a field error
 * skips it (and undoes what it wrote); any other error ends the whole import.
 */
export interface ImportItem {
  source: string;
  kind: ImportKind;
  /** Its title or name, for the report. */
  label: string;
  write(context: ImportContext): Promise<string>;
}

/** What each content type reads from the export: its items, in the order they are written. */
export type ItemReader = (source: FirestoreExport) => ImportItem[];
