import type { Db } from "../../db/database.ts";
import { VersionConflictError } from "../../db/documents.ts";
import { newId } from "../../storage/storage.ts";
import {
  changedFields,
  fieldsChangedSentence,
  listChanges,
  summarizeChanges,
} from "../admin/changes.ts";
import { imageFromField, storeImage } from "../admin/field-uploads.ts";
import { formRows, formText, formVersion } from "../admin/form-values.ts";
import type { WriteDescription } from "../admin/run-write.ts";
import type { FileChanges } from "../files/files.ts";
import { BadUploadError, filesOf, uploadLimits } from "../files/uploads.ts";
import {
  type AdmissionInfo,
  admissionInfoSchema,
  getAdmissionInfo,
  saveAdmissionInfo,
} from "./admissions.ts";

/**
 * The admissions page saves the whole document at once: the recruiting state and texts, the
 * image (kept, replaced or removed), and the schedules and FAQs in their order.
 */
export const admissionsWrite = {
  category: "admissions",
  success: (summary: string) => summary,
  failure: "모집 안내 수정에 실패했습니다",
} satisfies WriteDescription<string>;

export const admissionsUploadLimits = { maxFileBytes: uploadLimits.imageBytes, maxFiles: 1 };

/** Rows keep their id when it is one of the document's; rows added in the browser get one here. */
function withIds<Row extends { id: string }>(rows: Row[], known: Set<string>): Row[] {
  const used = new Set<string>();
  return rows.map((row) => {
    const id = known.has(row.id) && !used.has(row.id) ? row.id : newId();
    used.add(id);
    return { ...row, id };
  });
}

export async function writeAdmissions(
  trx: Db,
  files: FileChanges,
  form: FormData,
): Promise<string> {
  const version = formVersion(form);
  const current = await getAdmissionInfo(trx);
  if (current.version !== version) throw new VersionConflictError(current.version);
  const before = current.value;

  const [image, ...extra] = filesOf(form, "image");
  if (extra.length > 0) throw new BadUploadError("모집 이미지는 한 장만 올릴 수 있습니다.");
  const removeImage = formText(form, "meta.imageAction") === "remove";
  const knownSchedules = new Set(before.schedules.map((schedule) => schedule.id));
  const knownFaqs = new Set(before.faqs.map((faq) => faq.id));
  const next: AdmissionInfo = {
    meta: {
      isRecruiting: formText(form, "meta.isRecruiting") === "on",
      imageFileId: removeImage ? null : before.meta.imageFileId,
      title: formText(form, "meta.title"),
      description: formText(form, "meta.description"),
      applyUrl: formText(form, "meta.applyUrl").trim(),
    },
    schedules: withIds(
      formRows(form, "schedules", ["id", "title", "date", "description"]),
      knownSchedules,
    ),
    faqs: withIds(formRows(form, "faqs", ["id", "question", "answer"]), knownFaqs),
  };
  // Everything typed is checked before the image is processed and stored.
  admissionInfoSchema.parse(next);

  if (image) {
    const processed = await imageFromField(image, "image");
    next.meta.imageFileId = (await storeImage(files, "admission", processed, image.name)).id;
  }
  if (before.meta.imageFileId && before.meta.imageFileId !== next.meta.imageFileId) {
    await files.remove(before.meta.imageFileId);
  }
  const saved = await saveAdmissionInfo(trx, next, version);
  return describeAdmissionChanges(before, saved.value);
}

const metaFields = [
  { label: "제목", value: (info: AdmissionInfo) => info.meta.title },
  { label: "설명", value: (info: AdmissionInfo) => info.meta.description },
  { label: "지원 링크", value: (info: AdmissionInfo) => info.meta.applyUrl },
] as const;

export function describeAdmissionChanges(before: AdmissionInfo, after: AdmissionInfo): string {
  const changes: string[] = [];
  if (before.meta.isRecruiting !== after.meta.isRecruiting) {
    changes.push(
      `모집 상태가 '${after.meta.isRecruiting ? "모집 중" : "모집 마감"}'으로 변경되었습니다`,
    );
  }
  changes.push(...fieldsChangedSentence("모집 안내", changedFields(before, after, metaFields)));
  if (before.meta.imageFileId !== after.meta.imageFileId) {
    const what = !before.meta.imageFileId ? "추가" : !after.meta.imageFileId ? "삭제" : "변경";
    changes.push(`모집 이미지가 ${what}되었습니다`);
  }
  changes.push(
    ...listChanges(before.schedules, after.schedules, {
      noun: "일정",
      id: (schedule) => schedule.id,
      label: (schedule) => schedule.title,
      same: (a, b) => a.title === b.title && a.date === b.date && a.description === b.description,
    }),
    ...listChanges(before.faqs, after.faqs, {
      noun: "질문",
      id: (faq) => faq.id,
      label: (faq) => faq.question,
      same: (a, b) => a.question === b.question && a.answer === b.answer,
    }),
  );
  return summarizeChanges(changes, "모집 안내가 저장되었습니다 (바뀐 내용 없음)");
}
