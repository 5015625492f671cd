import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { readDocument, writeDocument } from "#server/db/documents.ts";
import { documentHistory } from "#server/domain/revisions/document-history.ts";
import type { HistoryField } from "#server/domain/revisions/revision-changes.ts";
import { multiLineText, singleLineText } from "#server/domain/write/text-schemas.ts";

/** The club's rules: sanitized HTML text and PDF attachments downloadable at /rules/{fileName}. */
export const rulesSchema = z.object({
  contents: multiLineText().max(10 * 1024 * 1024, "회칙 본문은 10MB까지 저장할 수 있습니다."),
  attachments: z
    .array(
      z.object({
        fileId: z.string().min(1),
        /** The name in the download address and the saved file, e.g. "KERNEL 회칙.pdf". */
        fileName: singleLineText()
          .trim()
          .min(5, "파일 이름을 입력해 주세요. 예: 회칙.pdf")
          .max(120, "파일 이름은 120자까지 쓸 수 있습니다.")
          .regex(/^[^/\\?#%]+\.pdf$/i, "파일 이름은 .pdf로 끝나야 하고 / \\ ? # % 를 쓸 수 없습니다."),
        title: singleLineText().trim().min(1, "제목을 입력해 주세요.").max(80, "제목은 80자까지 쓸 수 있습니다."),
      }),
    )
    .max(20, "회칙 파일은 20개까지 붙일 수 있습니다.")
    .superRefine((attachments, ctx) => {
      // Each name is its own download address, so two attachments never share one (compared as
      // visitors type them: any Unicode form, any letter case).
      const seen = new Set<string>();
      for (const [index, attachment] of attachments.entries()) {
        const key = attachment.fileName.normalize("NFC").toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({
            code: "custom",
            path: [index, "fileName"],
            message: "같은 이름의 파일이 이미 있습니다. 다른 이름을 입력해 주세요.",
          });
        }
        seen.add(key);
      }
    }),
});

export type Rules = z.infer<typeof rulesSchema>;

const DOCUMENT_KEY = "rules";

/** Every save kept, to compare and restore (the history panel of its page). */
/** The parts of the document a save names in the history beside it. */
const rulesFields: readonly HistoryField<Rules>[] = [
  { label: "회칙 본문", value: (rules) => rules.contents },
  { label: "회칙 파일", value: (rules) => rules.attachments },
];

export const rulesHistory = documentHistory(DOCUMENT_KEY, rulesSchema, rulesFields);

export async function getRules(db: Db) {
  const document = await readDocument(db, DOCUMENT_KEY, rulesSchema);
  if (!document) throw new Error("The rules are missing: the database was not seeded.");
  return document;
}

export function saveRules(db: Db, value: Rules, expectedVersion: number | undefined) {
  return writeDocument(db, DOCUMENT_KEY, rulesSchema, value, expectedVersion);
}
