import { z } from "zod";
import type { Db } from "../../db/database.ts";
import { readDocument, writeDocument } from "../../db/documents.ts";

/** The club's rules: sanitized HTML text and PDF attachments downloadable at /rules/{fileName}. */
export const rulesSchema = z.object({
  contents: z.string().max(10 * 1024 * 1024),
  attachments: z
    .array(
      z.object({
        fileId: z.string().min(1),
        /** The name in the download address and the saved file, e.g. "KERNEL 회칙.pdf". */
        fileName: z
          .string()
          .trim()
          .min(5)
          .max(120)
          .regex(
            /^[^/\\?#%]+\.pdf$/i,
            "파일 이름은 .pdf로 끝나야 하고 / \\ ? # % 를 쓸 수 없습니다.",
          ),
        title: z.string().trim().min(1).max(80),
      }),
    )
    .max(20),
});

export type Rules = z.infer<typeof rulesSchema>;

const DOCUMENT_KEY = "rules";

export async function getRules(db: Db) {
  const document = await readDocument(db, DOCUMENT_KEY, rulesSchema);
  if (!document) throw new Error("The rules are missing: the database was not seeded.");
  return document;
}

export function saveRules(db: Db, value: Rules, expectedVersion: number | undefined) {
  return writeDocument(db, DOCUMENT_KEY, rulesSchema, value, expectedVersion);
}
