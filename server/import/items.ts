import type { Db } from "#server/db/database.ts";
import type { FileChanges } from "#server/domain/files/files.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import type { AuditCategory } from "#shared/audit-categories.ts";
import { type ExportFiles, SkipError } from "./export-files.ts";
import type { FirestoreExport } from "./firestore.ts";
import { entryKeys, isIndexMap, isObject, list, quoted } from "./source-values.ts";

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
  /**
   * Whether the site's single documents (leaders, admission info, rules) may be written over:
   * on a site that started empty and has had no import yet, whatever it holds is no one's work.
   */
  replaceDocuments: boolean;
  /** The record an earlier item (of this run or an earlier one) made of `source`, if any. */
  importedId(source: string): Promise<string | undefined>;
  /**
   * A file the record can do without: undefined when the export lacks it or the upload checks
   * refuse it, and the report names it; the record comes in without it.
   */
  optional<T>(file: Promise<T>): Promise<T | undefined>;
}

/**
 * One source document or list entry: where it stood (its key between runs), what it becomes,
 * and the write that checks it with the admin's schemas and stores it with the admin's domain
 * functions, answering the new record's id. A SkipError, a schema refusal or a field error
 * skips it (and undoes what it wrote); any other error ends the whole import.
 */
export interface ImportItem {
  source: string;
  /** The path of the export's document it comes from, to report every document's outcome. */
  document: string;
  kind: ImportKind;
  /** Its title or name, for the report. */
  label: string;
  /** How a value the importer did not recognise was kept, in a sentence each, for the report. */
  choices?: string[];
  /** Parts of the record that cannot come over (an unreadable schedule, say): the rest does. */
  leftOut?: string[];
  write(context: ImportContext): Promise<string>;
}

/** An entry or document that cannot be read at all: reported as skipped, and tried again next run. */
export function unreadableItem(
  item: Pick<ImportItem, "source" | "document" | "kind" | "label">,
  reason: string,
): ImportItem {
  return {
    ...item,
    write: () => {
      throw new SkipError(reason);
    },
  };
}

/** What each content type reads from the export: its items, in the order they are written. */
export type ItemReader = (source: FirestoreExport) => ImportItem[];

/**
 * The entries of a list field (an array, or a map of index keys) as items: each record through
 * `make` (one item, or an item and those of its own lists), with its key between runs; an entry that is no record, or a field that is no list,
 * becomes an unreadable item, so the report names it.
 */
export function listItems(
  value: unknown,
  at: { document: string; field: string; kind: ImportKind },
  make: (entry: Record<string, unknown>, key: string, index: number) => ImportItem | ImportItem[],
): ImportItem[] {
  const fieldPath = `${at.document}/${at.field}`;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) && !isObject(value)) {
    return [
      unreadableItem(
        { source: fieldPath, document: at.document, kind: at.kind, label: at.field },
        `${at.field} is ${quoted(value)}, not a list.`,
      ),
    ];
  }
  if (isObject(value) && Object.keys(value).length > 0 && !isIndexMap(value)) {
    return [
      unreadableItem(
        { source: fieldPath, document: at.document, kind: at.kind, label: at.field },
        `${at.field} is a record (${quoted(Object.keys(value).join(", "))}), not a list.`,
      ),
    ];
  }
  const entries = list(value);
  return entryKeys(entries).flatMap((key, index) => {
    const entry = entries[index];
    if (isObject(entry)) return make(entry, key, index);
    return unreadableItem(
      { source: `${fieldPath}/${key}`, document: at.document, kind: at.kind, label: `${at.field}[${index}]` },
      `the entry is ${quoted(entry)}, not a record of fields.`,
    );
  });
}
