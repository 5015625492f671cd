import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { readDocument, writeDocument } from "#server/db/documents.ts";
import { documentHistory } from "#server/domain/revisions/document-history.ts";
import type { HistoryField } from "#server/domain/revisions/revision-changes.ts";
import { singleLineText } from "#server/domain/write/text-schemas.ts";

/** Korean mobile and landline numbers, written with hyphens: 010-1234-5678, 02-123-4567. */
export const phoneNumberSchema = z
  .string()
  .trim()
  .regex(/^0\d{1,2}-\d{3,4}-\d{4}$/, "전화번호는 010-1234-5678 형식으로 입력해 주세요.");

export const leaderSchema = z.object({
  name: singleLineText().trim().min(1, "이름을 입력해 주세요.").max(30, "이름은 30자까지 쓸 수 있습니다."),
  phoneNumber: phoneNumberSchema,
});

/**
 * Index 0 is the president, 1 and 2 the vice-presidents (the third entry is optional). A site
 * that has just started has none yet (its pages show no leaders); the form always sends the
 * first two.
 */
export const leadersSchema = z.object({
  leaders: z
    .array(leaderSchema)
    .max(3, "운영진은 세 명까지 넣을 수 있습니다.")
    .refine((leaders) => leaders.length !== 1, "회장과 부회장을 입력해 주세요."),
});

export type Leaders = z.infer<typeof leadersSchema>;

const DOCUMENT_KEY = "leaders";

/** Every save kept, to compare and restore (the history panel of its page). */
/** The parts of the document a save names in the history beside it. */
const leadersFields: readonly HistoryField<Leaders>[] = [
  { label: "회장", value: (leaders) => leaders.leaders[0] },
  { label: "부회장", value: (leaders) => leaders.leaders.slice(1) },
];

export const leadersHistory = documentHistory(DOCUMENT_KEY, leadersSchema, leadersFields);

export async function getLeaders(db: Db) {
  const document = await readDocument(db, DOCUMENT_KEY, leadersSchema);
  if (!document) throw new Error("The leaders record is missing: the database was not seeded.");
  return document;
}

export function saveLeaders(db: Db, value: Leaders, expectedVersion: number | undefined) {
  return writeDocument(db, DOCUMENT_KEY, leadersSchema, value, expectedVersion);
}
