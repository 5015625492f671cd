import type { Db } from "#server/db/database.ts";
import type { FileChanges } from "#server/domain/files/files.ts";
import { changedFields, fieldsChangedSentence, listChanges, summarizeChanges } from "#server/domain/write/changes.ts";
import { type UploadedFile, uploadedImage } from "#server/domain/write/form-files.ts";
import { formChecked, formRows, formText, formVersion } from "#server/domain/write/form-input.ts";
import { VersionConflictError } from "#server/failures.ts";
import { newId } from "#server/storage/storage.ts";
import { type AdmissionInfo, admissionInfoSchema, getAdmissionInfo, saveAdmissionInfo } from "./admissions.ts";

/**
 * The admissions page saves the whole document at once: the recruiting state and texts, the
 * image (kept, replaced or removed), and the schedules and FAQs in their order. This is the
 * form as checked before the transaction; rows added in the page have new ids.
 */
export interface AdmissionsSubmission {
  version: number;
  info: AdmissionInfo;
  image: UploadedFile | undefined;
  removeImage: boolean;
}

/** Reads the admissions page's form: every field validated, a new image checked by its bytes. */
export async function readAdmissionsForm(form: FormData): Promise<AdmissionsSubmission> {
  const version = formVersion(form);
  const info: AdmissionInfo = {
    meta: {
      isRecruiting: formChecked(form, "meta.isRecruiting"),
      imageFileId: null,
      title: formText(form, "meta.title"),
      description: formText(form, "meta.description"),
      applyUrl: formText(form, "meta.applyUrl").trim(),
    },
    schedules: withIds(formRows(form, "schedules", ["id", "title", "date", "description"])),
    faqs: withIds(formRows(form, "faqs", ["id", "question", "answer"])),
  };
  return {
    version,
    info: admissionInfoSchema.parse(info),
    image: await uploadedImage(form, "image"),
    removeImage: formText(form, "meta.imageAction") === "remove",
  };
}

/** Rows added in the page come without an id and get one here; an id sent twice is kept once. */
function withIds<Row extends { id: string }>(rows: Row[]): Row[] {
  const used = new Set<string>();
  return rows.map((row) => {
    const id = row.id && !used.has(row.id) ? row.id : newId();
    used.add(id);
    return { ...row, id };
  });
}

/**
 * Writes the submission over the version it was loaded at. A new image replaces the old one,
 * whose file is removed after the commit, as is a removed image's.
 */
export async function writeAdmissions(
  trx: Db,
  files: FileChanges,
  { version, info, image, removeImage }: AdmissionsSubmission,
): Promise<string> {
  const current = await getAdmissionInfo(trx);
  if (current.version !== version) throw new VersionConflictError(current.version);
  const before = current.value;
  let imageFileId = removeImage ? null : before.meta.imageFileId;
  if (image) imageFileId = (await files.store({ folder: "admission", ...image })).id;
  if (before.meta.imageFileId && before.meta.imageFileId !== imageFileId) {
    await files.remove(before.meta.imageFileId);
  }
  const saved = await saveAdmissionInfo(
    trx,
    {
      meta: { ...info.meta, imageFileId },
      schedules: info.schedules,
      faqs: info.faqs,
    },
    version,
  );
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
    changes.push(`모집 상태가 '${after.meta.isRecruiting ? "모집 중" : "모집 마감"}'으로 변경되었습니다`);
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
