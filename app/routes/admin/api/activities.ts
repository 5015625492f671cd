import {
  activityFields,
  createActivity,
  updateActivity,
} from "../../../../server/domain/activities/manage.ts";
import { formValues } from "../../../../server/domain/admin/form-fields.ts";
import { uploadedImage } from "../../../../server/domain/admin/upload-write.ts";
import { uploadLimits } from "../../../../server/domain/files/uploads.ts";
import { itemUploadAction, uploadEndpointLoader } from "../../../../server/http/item-actions.ts";
import type { Route } from "./+types/activities";

export const loader = uploadEndpointLoader;

/** Adds or edits a main activity with its image (POST multipart; answers JSON). */
export function action(args: Route.ActionArgs) {
  return itemUploadAction(args, {
    category: "mainActivities",
    noun: "주요 활동",
    titleField: "title",
    limits: { maxFileBytes: uploadLimits.imageBytes, maxFiles: 1 },
    prepare: async (form) => ({
      fields: activityFields.parse(formValues(form, ["year", "title", "description", "direction"])),
      image: await uploadedImage(form, "image"),
      removeImage: form.get("removeImage") === "on",
    }),
    create: (trx, files, { fields, image }) => createActivity(trx, files, fields, image),
    update: (trx, files, target, { fields, image, removeImage }) =>
      updateActivity(trx, files, target, fields, { image, removeImage }),
  });
}
