import { z } from "zod";
import { uploadLimits } from "#server/domain/files/uploads.ts";
import { type ContentType, command } from "#server/domain/write/content-type.ts";
import { uploadedImage } from "#server/domain/write/form-files.ts";
import { formChecked, formTarget, formText, formValues, orderForm } from "#server/domain/write/form-input.ts";
import { describeChange, describeReorder } from "#server/domain/write/messages.ts";
import {
  activityFields,
  activityTitle,
  createActivity,
  deleteActivity,
  reorderActivities,
  updateActivity,
} from "./manage.ts";

const NOUN = "주요 활동";

const readFields = (form: FormData) =>
  activityFields.parse(formValues(form, ["year", "title", "description", "direction"]));

/** A year's new order: each year is put in order on its own. */
const yearOrder = orderForm.and(z.object({ year: z.coerce.number().int() }));

/** "2026년 주요 활동", the list a reorder is about, from the form as sent. */
function yearList(form: FormData): string {
  const year = formText(form, "year");
  return /^\d{4}$/.test(year) ? `${year}년 ${NOUN}` : NOUN;
}

/** The club's main activities of each year, with an optional photo, in the managers' order. */
export const activitiesContent: ContentType = {
  name: "activities",
  category: "mainActivities",
  noun: NOUN,
  files: { maxFileBytes: uploadLimits.imageBytes, maxFiles: 1 },
  publicPages: ["/community/activity/main"],
  adminPage: {
    path: "/admin/manage-main-activity",
    title: "주요 활동",
    section: "content",
    counts: [{ label: "활동", table: "main_activities" }],
  },
  commands: {
    create: command({
      describe: (form) => describeChange("mainActivities", NOUN, formText(form, "title"), "추가"),
      read: async (form) => ({
        fields: readFields(form),
        image: await uploadedImage(form, "image"),
      }),
      run: (trx, files, { fields, image }) => createActivity(trx, files, fields, image),
    }),
    update: command({
      describe: (form) => describeChange("mainActivities", NOUN, formText(form, "title"), "수정"),
      read: async (form) => ({
        target: formTarget(form),
        fields: readFields(form),
        image: await uploadedImage(form, "image"),
        removeImage: formChecked(form, "removeImage"),
      }),
      run: (trx, files, { target, fields, image, removeImage }) =>
        updateActivity(trx, files, target, fields, { image, removeImage }),
    }),
    delete: command({
      describe: async (form, db) =>
        describeChange("mainActivities", NOUN, await activityTitle(db, formText(form, "id")), "삭제"),
      read: formTarget,
      run: (trx, files, target) => deleteActivity(trx, files, target),
    }),
    reorder: command({
      describe: (form) => describeReorder("mainActivities", yearList(form)),
      read: (form) => yearOrder.parse(formValues(form, ["year"], ["expected", "id"])),
      run: (trx, _files, order) => reorderActivities(trx, order.year, order),
    }),
  },
};
