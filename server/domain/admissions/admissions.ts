import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { readDocument, writeDocument } from "#server/db/documents.ts";
import { documentHistory } from "#server/domain/revisions/document-history.ts";
import type { HistoryField } from "#server/domain/revisions/revision-changes.ts";
import { multiLineText, singleLineText } from "#server/domain/write/text-schemas.ts";

const scheduleSchema = z.object({
  id: z.string().min(1),
  title: singleLineText().trim().min(1, "일정 이름을 입력해 주세요.").max(60, "일정 이름은 60자까지 쓸 수 있습니다."),
  /** A free date text such as "2027. 2. 16.(화) ~ 3. 6.(토)". */
  date: singleLineText().trim().min(1, "날짜를 입력해 주세요.").max(80, "날짜는 80자까지 쓸 수 있습니다."),
  description: singleLineText().trim().max(500, "설명은 500자까지 쓸 수 있습니다."),
});

const faqSchema = z.object({
  id: z.string().min(1),
  question: singleLineText().trim().min(1, "질문을 입력해 주세요.").max(200, "질문은 200자까지 쓸 수 있습니다."),
  answer: multiLineText().trim().min(1, "답변을 입력해 주세요.").max(2000, "답변은 2000자까지 쓸 수 있습니다."),
});

/** The spec's admission info: meta (recruiting flag and image), schedules and FAQs. */
export const admissionInfoSchema = z.object({
  meta: z.object({
    isRecruiting: z.boolean(),
    imageFileId: z.string().min(1).nullable(),
    title: singleLineText().trim().min(1, "모집 제목을 입력해 주세요.").max(80, "모집 제목은 80자까지 쓸 수 있습니다."),
    description: multiLineText().trim().max(1000, "모집 설명은 1000자까지 쓸 수 있습니다."),
    /** Where applicants apply (a form on another site); empty when applications are closed. */
    applyUrl: z.union([
      z.literal(""),
      z.url({
        protocol: /^https?$/,
        error: "지원 링크는 https://로 시작하는 주소로 입력하거나 비워 두세요.",
      }),
    ]),
  }),
  schedules: z.array(scheduleSchema).max(20, "모집 일정은 20개까지 넣을 수 있습니다."),
  faqs: z.array(faqSchema).max(40, "자주 묻는 질문은 40개까지 넣을 수 있습니다."),
});

export type AdmissionInfo = z.infer<typeof admissionInfoSchema>;

const DOCUMENT_KEY = "admission_info";

/** Every save kept, to compare and restore (the history panel of its page). */
/** The parts of the document a save names in the history beside it. */
const admissionsFields: readonly HistoryField<AdmissionInfo>[] = [
  { label: "모집 상태", value: (info) => info.meta.isRecruiting },
  { label: "제목", value: (info) => info.meta.title },
  { label: "설명", value: (info) => info.meta.description },
  { label: "지원 링크", value: (info) => info.meta.applyUrl },
  { label: "모집 이미지", value: (info) => info.meta.imageFileId },
  { label: "일정", value: (info) => info.schedules },
  { label: "자주 묻는 질문", value: (info) => info.faqs },
];

export const admissionsHistory = documentHistory(DOCUMENT_KEY, admissionInfoSchema, admissionsFields);

/** A site that has just started: not recruiting, nothing listed, a plain title. */
export function emptyAdmissionInfo(): AdmissionInfo {
  return {
    meta: { isRecruiting: false, imageFileId: null, title: "신입 부원 모집", description: "", applyUrl: "" },
    schedules: [],
    faqs: [],
  };
}

export async function getAdmissionInfo(db: Db) {
  const document = await readDocument(db, DOCUMENT_KEY, admissionInfoSchema);
  if (!document) throw new Error("Admission info is missing: the database was not seeded.");
  return document;
}

export function saveAdmissionInfo(db: Db, value: AdmissionInfo, expectedVersion: number | undefined) {
  return writeDocument(db, DOCUMENT_KEY, admissionInfoSchema, value, expectedVersion);
}
