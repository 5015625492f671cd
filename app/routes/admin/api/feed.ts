import { formValues } from "../../../../server/domain/admin/form-fields.ts";
import { uploadedImage } from "../../../../server/domain/admin/upload-write.ts";
import {
  createFeedItem,
  feedFields,
  requireFeedImage,
  updateFeedItem,
} from "../../../../server/domain/feed/manage.ts";
import { uploadLimits } from "../../../../server/domain/files/uploads.ts";
import { itemUploadAction, uploadEndpointLoader } from "../../../../server/http/item-actions.ts";
import type { Route } from "./+types/feed";

export const loader = uploadEndpointLoader;

/** Adds or edits a feed item with its photo (POST multipart; answers JSON). */
export function action(args: Route.ActionArgs) {
  return itemUploadAction(args, {
    category: "feed",
    noun: "피드 게시물",
    titleField: "caption",
    limits: { maxFileBytes: uploadLimits.imageBytes, maxFiles: 1 },
    prepare: async (form, update) => {
      const fields = feedFields.parse(formValues(form, ["caption", "link", "postedAt"]));
      const image = await uploadedImage(form, "image");
      if (!update) requireFeedImage(image);
      return { fields, image };
    },
    create: (trx, files, { fields, image }) =>
      createFeedItem(trx, files, fields, requireFeedImage(image)),
    update: (trx, files, target, { fields, image }) =>
      updateFeedItem(trx, files, target, fields, image),
  });
}
