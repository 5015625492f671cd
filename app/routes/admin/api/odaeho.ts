import { formValues } from "../../../../server/domain/admin/form-fields.ts";
import { uploadedImage, uploadedPdf } from "../../../../server/domain/admin/upload-write.ts";
import { filesOf, uploadLimits } from "../../../../server/domain/files/uploads.ts";
import {
  createIssue,
  odaehoFields,
  requireIssueFiles,
  updateIssue,
} from "../../../../server/domain/odaeho/manage.ts";
import { getSiteSettings } from "../../../../server/domain/site-settings/site-settings.ts";
import { itemUploadAction, uploadEndpointLoader } from "../../../../server/http/item-actions.ts";
import { getServices } from "../../../context.ts";
import type { Route } from "./+types/odaeho";

export const loader = uploadEndpointLoader;

/** Adds or edits an odaeho issue with its cover and PDF (POST multipart; answers JSON). */
export function action(args: Route.ActionArgs) {
  const { storage } = getServices(args.context);
  return itemUploadAction(args, {
    category: "odaeho",
    noun: "오대호 회지",
    titleField: "title",
    limits: { maxFileBytes: uploadLimits.pdfBytes, maxFiles: 2 },
    prepare: async (form, update) => {
      // A new issue needs both files: checked first, with the spec's message.
      if (!update) requireIssueFiles(filesOf(form, "thumbnail")[0], filesOf(form, "pdf")[0]);
      return {
        fields: odaehoFields.parse(formValues(form, ["title", "description", "publishedAt"])),
        thumbnail: await uploadedImage(form, "thumbnail"),
        pdf: await uploadedPdf(form, "pdf"),
      };
    },
    create: async (trx, files, { fields, thumbnail, pdf }) => {
      const { clubName } = (await getSiteSettings(trx)).value;
      return createIssue(trx, files, clubName, fields, requireIssueFiles(thumbnail, pdf));
    },
    update: async (trx, files, target, { fields, thumbnail, pdf }) => {
      const { clubName } = (await getSiteSettings(trx)).value;
      await updateIssue(trx, files, storage, clubName, target, fields, { thumbnail, pdf });
    },
  });
}
