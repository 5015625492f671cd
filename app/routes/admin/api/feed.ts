import { z } from "zod";
import { formValues, recordTarget } from "../../../../server/domain/admin/form-fields.ts";
import { itemWrite, unreadableWrite } from "../../../../server/domain/admin/messages.ts";
import { runUploadWrite, uploadedImage } from "../../../../server/domain/admin/upload-write.ts";
import {
  createFeedItem,
  feedFields,
  requireFeedImage,
  updateFeedItem,
} from "../../../../server/domain/feed/manage.ts";
import { uploadLimits } from "../../../../server/domain/files/uploads.ts";
import { requireAdministrator } from "../../../../server/http/admin-auth.ts";
import { jsonResponse } from "../../../../server/http/write-response.ts";
import { getServices } from "../../../context.ts";
import type { Route } from "./+types/feed";

const intent = z.enum(["create", "update"], { error: "알 수 없는 요청입니다." });
const NOUN = "피드 게시물";

/** Adds or edits a feed item with its photo (POST multipart; answers JSON). */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdministrator(args);
  const services = getServices(args.context);
  const result = await runUploadWrite(services, session.administrator.email, args.request, {
    limits: { maxFileBytes: uploadLimits.imageBytes, maxFiles: 1 },
    unreadable: unreadableWrite("feed", NOUN),
    describe: (form) =>
      itemWrite(
        "feed",
        NOUN,
        String(form.get("caption") ?? ""),
        form.get("intent") === "update" ? "update" : "create",
      ),
    prepare: async (form) => {
      const update = intent.parse(form.get("intent")) === "update";
      const target = update ? recordTarget.parse(formValues(form, ["id", "version"])) : undefined;
      const fields = feedFields.parse(formValues(form, ["caption", "link", "postedAt"]));
      const image = await uploadedImage(form, "image");
      return { target, fields, image: update ? image : requireFeedImage(image) };
    },
    work: async (trx, files, { target, fields, image }) => {
      if (target) {
        await updateFeedItem(trx, files, target, fields, image);
        return target.id;
      }
      return createFeedItem(trx, files, fields, requireFeedImage(image));
    },
  });
  return jsonResponse(result);
}
