import type { Db } from "../../db/database.ts";
import { VersionConflictError } from "../../db/documents.ts";
import { listChanges, summarizeChanges } from "../admin/changes.ts";
import { pdfFromField } from "../admin/field-uploads.ts";
import { formRows, formText, formVersion } from "../admin/form-values.ts";
import { FieldError, type WriteDescription } from "../admin/run-write.ts";
import type { FileChanges } from "../files/files.ts";
import { BadUploadError, uploadLimits } from "../files/uploads.ts";
import { sanitizeRichText } from "../html/sanitize.ts";
import { newRowKeyPattern, ruleFileField } from "./rule-form.ts";
import { getRules, type Rules, rulesSchema, saveRules } from "./rules.ts";

/**
 * The rules page saves the whole document at once: the text, the attachments in their order
 * (title and download name each), new PDFs, and by leaving them out, the attachments removed.
 */
export const rulesWrite = {
  category: "rules",
  success: (summary: string) => summary,
  failure: "회칙 수정에 실패했습니다",
} satisfies WriteDescription<string>;

export const rulesUploadLimits = { maxFileBytes: uploadLimits.pdfBytes };

/**
 * Writes the rules from the page's form. The text is sanitized with the allow-list (the public
 * page renders it as it is); new PDFs are checked by their bytes and stored; removed attachments'
 * files are deleted after the commit. Answers with the audit sentence of what changed.
 */
export async function writeRules(trx: Db, files: FileChanges, form: FormData): Promise<string> {
  const version = formVersion(form);
  const current = await getRules(trx);
  // Checked before anything is stored; saveRules checks again in the same transaction.
  if (current.version !== version) throw new VersionConflictError(current.version);

  const contents = sanitizeRichText(formText(form, "contents")).html;
  const kept = new Map(current.value.attachments.map((item) => [item.fileId, item]));
  const seen = new Set<string>();
  const rows = formRows(form, "attachments", ["key", "title", "fileName"]).map((row, index) => {
    if (seen.has(row.key)) throw new BadUploadError("보낸 양식을 읽을 수 없습니다.");
    seen.add(row.key);
    if (kept.has(row.key)) return { ...row, index, file: undefined };
    if (!newRowKeyPattern.test(row.key)) {
      throw new BadUploadError(
        "보낸 양식을 읽을 수 없습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.",
      );
    }
    const file = form.get(ruleFileField(row.key));
    if (!(file instanceof File) || file.size === 0) {
      throw new FieldError(`attachments.${index}.file`, "올릴 PDF 파일을 골라 주세요.");
    }
    return { ...row, fileName: row.fileName.trim() || file.name.normalize("NFC"), index, file };
  });

  // The whole value is validated before any file is stored (new rows hold their key for now).
  const toValue = (fileIds: string[]): Rules => ({
    contents,
    attachments: rows.map((row, index) => ({
      fileId: fileIds[index] ?? row.key,
      title: row.title,
      fileName: row.fileName,
    })),
  });
  rulesSchema.parse(toValue([]));

  const fileIds: string[] = [];
  for (const row of rows) {
    if (!row.file) {
      fileIds.push(row.key);
      continue;
    }
    const body = await pdfFromField(row.file, `attachments.${row.index}.file`);
    const stored = await files.store({
      folder: "rules",
      extension: "pdf",
      contentType: "application/pdf",
      body,
      originalName: row.file.name,
    });
    fileIds.push(stored.id);
  }
  const next = toValue(fileIds);
  const nextIds = new Set(fileIds);
  for (const attachment of current.value.attachments) {
    if (!nextIds.has(attachment.fileId)) await files.remove(attachment.fileId);
  }
  const saved = await saveRules(trx, next, version);
  return describeRulesChanges(current.value, saved.value);
}

export function describeRulesChanges(before: Rules, after: Rules): string {
  const changes: string[] = [];
  if (before.contents !== after.contents) changes.push("회칙 본문이 수정되었습니다");
  changes.push(
    ...listChanges(before.attachments, after.attachments, {
      noun: "회칙 파일",
      id: (attachment) => attachment.fileId,
      label: (attachment) => attachment.title,
      same: (a, b) => a.title === b.title && a.fileName === b.fileName,
    }),
  );
  return summarizeChanges(changes, "회칙이 저장되었습니다 (바뀐 내용 없음)");
}
