import type { Db } from "#server/db/database.ts";
import { type ContentType, command, NO_FILES } from "#server/domain/write/content-type.ts";
import { formOrder, formTarget, formText, formValues } from "#server/domain/write/form-input.ts";
import { describeChange, describeReorder } from "#server/domain/write/messages.ts";
import { courseKindNoun, periodNoun } from "#shared/course-kinds.ts";
import { periodKey } from "./courses.ts";
import {
  addCourseEntry,
  addPeriod,
  courseEntrySchema,
  deleteCourseEntry,
  deletePeriod,
  entryPlaceSchema,
  findCourseEntry,
  findPeriod,
  periodInputSchema,
  renamePeriod,
  reorderCourseEntries,
  reorderPeriods,
  updateCourseEntry,
} from "./manage.ts";

const readPeriod = (form: FormData) => periodInputSchema.parse(formValues(form, ["name"]));
const readEntry = (form: FormData) => courseEntrySchema.parse(formValues(form, ["title", "description", "leader"]));
const readPlace = (form: FormData) => entryPlaceSchema.parse(formValues(form, ["periodId", "kind"]));

/** The name of the period a form is about as stored, for messages; the typed one when it is gone. */
async function periodName(db: Db, form: FormData): Promise<string> {
  return (await findPeriod(db, formText(form, "id")))?.name ?? periodKey(formText(form, "name"));
}

/**
 * Course records: periods (semesters) in order, each with its projects, sessions and studies,
 * each kind in an order of its own. Period commands end in "-period", entry commands in "-entry".
 */
export const coursesContent: ContentType = {
  name: "courses",
  category: "courses",
  noun: "학습 기록",
  files: NO_FILES,
  publicPages: ["/community/activity/courses"],
  adminPage: {
    path: "/admin/manage-courses",
    title: "학습 기록",
    section: "content",
    counts: [
      { label: "학기", table: "periods" },
      { label: "항목", table: "course_entries" },
    ],
  },
  commands: {
    "create-period": command({
      describe: (form) => describeChange("courses", periodNoun, periodKey(formText(form, "name")), "추가"),
      read: readPeriod,
      run: (trx, _files, fields) => addPeriod(trx, fields),
    }),
    // Named by the name it had, so the log reads "'2027-1학기' 학기가 수정되었습니다".
    "update-period": command({
      describe: async (form, db) => describeChange("courses", periodNoun, await periodName(db, form), "수정"),
      read: (form) => ({ target: formTarget(form), fields: readPeriod(form) }),
      run: (trx, _files, { target, fields }) => renamePeriod(trx, target, fields),
    }),
    "delete-period": command({
      describe: async (form, db) => describeChange("courses", periodNoun, await periodName(db, form), "삭제"),
      read: formTarget,
      run: (trx, _files, target) => deletePeriod(trx, target),
    }),
    "reorder-periods": command({
      describe: () => describeReorder("courses", "학기"),
      read: formOrder,
      run: (trx, _files, order) => reorderPeriods(trx, order),
    }),
    "create-entry": command({
      describe: (form) =>
        describeChange("courses", courseKindNoun(formText(form, "kind")), formText(form, "title"), "추가"),
      read: (form) => ({ place: readPlace(form), fields: readEntry(form) }),
      run: (trx, _files, { place, fields }) => addCourseEntry(trx, place, fields),
    }),
    "update-entry": command({
      describe: async (form, db) => {
        const current = await findCourseEntry(db, formText(form, "id"));
        return describeChange("courses", courseKindNoun(current?.kind), formText(form, "title"), "수정");
      },
      read: (form) => ({ target: formTarget(form), fields: readEntry(form) }),
      run: (trx, _files, { target, fields }) => updateCourseEntry(trx, target, fields),
    }),
    "delete-entry": command({
      describe: async (form, db) => {
        const current = await findCourseEntry(db, formText(form, "id"));
        return describeChange("courses", courseKindNoun(current?.kind), current?.title ?? "", "삭제");
      },
      read: formTarget,
      run: (trx, _files, target) => deleteCourseEntry(trx, target),
    }),
    // "2026-2학기 세션 순서가 변경되었습니다"
    "reorder-entries": command({
      describe: async (form, db) => {
        const period = await findPeriod(db, formText(form, "periodId"));
        const noun = courseKindNoun(formText(form, "kind"));
        return describeReorder("courses", [period?.name, noun.name].filter(Boolean).join(" "));
      },
      read: (form) => ({ place: readPlace(form), order: formOrder(form) }),
      run: (trx, _files, { place, order }) => reorderCourseEntries(trx, place, order),
    }),
  },
};
