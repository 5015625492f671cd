import { z } from "zod";
import {
  activityFields,
  createActivity,
  updateActivity,
} from "../../../../server/domain/activities/manage.ts";
import { formValues, recordTarget } from "../../../../server/domain/admin/form-fields.ts";
import { itemWrite, unreadableWrite } from "../../../../server/domain/admin/messages.ts";
import { runUploadWrite, uploadedImage } from "../../../../server/domain/admin/upload-write.ts";
import { uploadLimits } from "../../../../server/domain/files/uploads.ts";
import { requireAdministrator } from "../../../../server/http/admin-auth.ts";
import { jsonResponse } from "../../../../server/http/write-response.ts";
import { getServices } from "../../../context.ts";
import type { Route } from "./+types/activities";

const intent = z.enum(["create", "update"], { error: "알 수 없는 요청입니다." });

/** Adds or edits a main activity, with its image (POST multipart; answers JSON). */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdministrator(args);
  const services = getServices(args.context);
  const result = await runUploadWrite(services, session.administrator.email, args.request, {
    limits: { maxFileBytes: uploadLimits.imageBytes, maxFiles: 1 },
    unreadable: unreadableWrite("mainActivities", "주요 활동"),
    describe: (form) =>
      itemWrite(
        "mainActivities",
        "주요 활동",
        String(form.get("title") ?? ""),
        form.get("intent") === "update" ? "update" : "create",
      ),
    prepare: async (form) => {
      const update = intent.parse(form.get("intent")) === "update";
      return {
        fields: activityFields.parse(
          formValues(form, ["year", "title", "description", "direction"]),
        ),
        target: update ? recordTarget.parse(formValues(form, ["id", "version"])) : undefined,
        image: await uploadedImage(form, "image"),
        removeImage: form.get("removeImage") === "on",
      };
    },
    work: async (trx, files, { fields, target, image, removeImage }) => {
      if (target) {
        await updateActivity(trx, files, target, fields, { image, removeImage });
        return target.id;
      }
      return createActivity(trx, files, fields, image);
    },
  });
  return jsonResponse(result);
}
