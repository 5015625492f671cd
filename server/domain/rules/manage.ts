import type { Db } from "#server/db/database.ts";
import type { FileChanges } from "#server/domain/files/files.ts";
import { remoteImagesMessage, sanitizeRichText } from "#server/domain/html/sanitize.ts";
import { listChanges, summarizeChanges } from "#server/domain/write/changes.ts";
import { type UploadedFile, uploadedPdf } from "#server/domain/write/form-files.ts";
import { formRows, formText, formVersion, unreadableForm } from "#server/domain/write/form-input.ts";
import { FieldError, VersionConflictError } from "#server/failures.ts";
import { newRowKeyPattern, ruleFileField } from "#shared/rule-form.ts";
import { getRules, type Rules, rulesSchema, saveRules } from "./rules.ts";

/**
 * The rules page saves the whole document at once: the text, the attachments in their order
 * (title and download name each), new PDFs, and by leaving them out, the attachments removed.
 * This is the form as checked before the transaction: the text sanitized, new PDFs checked.
 */
export interface RulesSubmission {
  version: number;
  contents: string;
  attachments: { key: string; title: string; fileName: string; pdf?: UploadedFile }[];
}

/**
 * Reads the rules page's form. The text is sanitized with the allow-list (the public page
 * renders it as it is); the list is validated as the document will be (names, unique names);
 * new PDFs are checked by their bytes, each refusal next to its row's file field.
 */
export async function readRulesForm(form: FormData): Promise<RulesSubmission> {
  const version = formVersion(form);
  const { html: contents, remoteImages } = sanitizeRichText(formText(form, "contents"));
  const remote = remoteImagesMessage(remoteImages);
  if (remote) throw new FieldError("contents", remote);
  const seen = new Set<string>();
  const rows = formRows(form, "attachments", ["key", "title", "fileName"]).map((row) => {
    if (seen.has(row.key) || !(row.key.length > 0)) {
      throw unreadableForm();
    }
    seen.add(row.key);
    if (!newRowKeyPattern.test(row.key)) return { ...row, file: undefined };
    const file = form.get(ruleFileField(row.key));
    if (!(file instanceof File) || file.size === 0) {
      throw new FieldError(ruleFileField(row.key), "올릴 PDF 파일을 골라 주세요.");
    }
    return { ...row, fileName: row.fileName.trim() || file.name.normalize("NFC"), file };
  });
  // New rows hold their key in place of a file id until their PDF is stored.
  rulesSchema.parse({
    contents,
    attachments: rows.map(({ key, title, fileName }) => ({ fileId: key, title, fileName })),
  });
  const attachments: RulesSubmission["attachments"] = [];
  for (const { key, title, fileName, file } of rows) {
    const pdf = file ? await uploadedPdf(form, ruleFileField(key)) : undefined;
    attachments.push(pdf ? { key, title, fileName, pdf } : { key, title, fileName });
  }
  return { version, contents, attachments };
}

/**
 * Writes the submission over the version it was loaded at: new PDFs are stored, attachments the
 * list left out lose their files after the commit. Answers the audit sentence of what changed.
 */
export async function writeRules(trx: Db, files: FileChanges, submission: RulesSubmission): Promise<string> {
  const current = await getRules(trx);
  // Checked before anything is stored; saveRules checks again in the same transaction.
  if (current.version !== submission.version) throw new VersionConflictError(current.version);
  const kept = new Set(current.value.attachments.map((attachment) => attachment.fileId));
  const attachments: Rules["attachments"] = [];
  for (const { key, title, fileName, pdf } of submission.attachments) {
    if (pdf) {
      const stored = await files.store({ folder: "rules", ...pdf });
      attachments.push({ fileId: stored.id, title, fileName });
    } else if (kept.has(key)) {
      attachments.push({ fileId: key, title, fileName });
    } else {
      // An attachment another manager removed cannot be kept: the version check above makes
      // this a form that was changed by hand.
      throw unreadableForm();
    }
  }
  const next = new Set(attachments.map((attachment) => attachment.fileId));
  for (const attachment of current.value.attachments) {
    if (!next.has(attachment.fileId)) await files.remove(attachment.fileId);
  }
  const saved = await saveRules(trx, { contents: submission.contents, attachments }, submission.version);
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
