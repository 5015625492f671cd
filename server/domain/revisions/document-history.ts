import type { z } from "zod";
import { readDocument, writeDocument } from "#server/db/documents.ts";
import { fileIdsIn, isFileKey, missingFiles } from "#server/domain/files/usage.ts";
import { htmlToText } from "#server/domain/html/sanitize.ts";
import { FieldError, RecordNotFoundError } from "#server/failures.ts";
import type { HistoryField } from "./revision-changes.ts";
import type { History } from "./revisions.ts";

const filesGone =
  "이 버전에 있던 파일 가운데 이미 지워진 것이 있어 되돌릴 수 없습니다. 필요한 내용은 직접 고쳐 저장해 주세요.";

/**
 * The history of one single document (rules, admission info, home content, settings): its
 * state is the document's JSON, told apart by the parts its page edits (`fields`); restoring
 * writes it back at the version the page was loaded at, checked by the document's schema, when
 * every file it names is still stored.
 */
export function documentHistory<Schema extends z.ZodType>(
  key: string,
  schema: Schema,
  fields: readonly HistoryField<z.infer<Schema>>[],
): History<z.infer<Schema>> {
  return {
    kind: "document",
    fields,
    read: async (db, id) => {
      if (id !== key) return undefined;
      const document = await readDocument(db, key, schema);
      return document && { state: document.value, updatedAt: document.updatedAt, version: document.version };
    },
    text: documentText,
    label: () => "",
    restore: async (trx, _files, id, version, state) => {
      if (id !== key) throw new RecordNotFoundError();
      // Files are not kept for history: a state naming one removed since cannot come back.
      if ((await missingFiles(trx, [...fileIdsIn(state)])).length > 0) throw new FieldError("form", filesGone);
      return writeDocument(trx, key, schema, state as z.input<Schema>, version);
    },
  };
}

/** Keys that name files and records rather than say anything a manager wrote. */
const isHiddenKey = (key: string) => key === "id" || isFileKey(key);

/**
 * A document as the text a manager recognises: each value on its own line, in the document's
 * order, HTML read as its text; file and record ids left out.
 */
export function documentText(value: unknown): string {
  const lines: string[] = [];
  const walk = (node: unknown, key?: string) => {
    if (key && isHiddenKey(key)) return;
    if (typeof node === "string") {
      const text = /<[a-z][^>]*>/i.test(node) ? htmlToText(node) : node;
      if (text.trim()) lines.push(text.trim());
    } else if (typeof node === "number" || typeof node === "boolean") {
      lines.push(String(node));
    } else if (Array.isArray(node)) {
      for (const item of node) walk(item);
    } else if (node && typeof node === "object") {
      for (const [childKey, child] of Object.entries(node)) walk(child, childKey);
    }
  };
  walk(value);
  return lines.join("\n");
}
