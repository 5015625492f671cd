import { z } from "zod";
import { formValues, recordTarget } from "../../../../server/domain/admin/form-fields.ts";
import { itemWrite, unreadableWrite } from "../../../../server/domain/admin/messages.ts";
import {
  runUploadWrite,
  uploadedImage,
  uploadedPdf,
} from "../../../../server/domain/admin/upload-write.ts";
import { filesOf, uploadLimits } from "../../../../server/domain/files/uploads.ts";
import {
  createIssue,
  odaehoFields,
  requireIssueFiles,
  updateIssue,
} from "../../../../server/domain/odaeho/manage.ts";
import { getSiteSettings } from "../../../../server/domain/site-settings/site-settings.ts";
import { requireAdministrator } from "../../../../server/http/admin-auth.ts";
import { jsonResponse } from "../../../../server/http/write-response.ts";
import { getServices } from "../../../context.ts";
import type { Route } from "./+types/odaeho";

const intent = z.enum(["create", "update"], { error: "알 수 없는 요청입니다." });
const NOUN = "오대호 회지";

/** Adds or edits an odaeho issue with its cover and PDF (POST multipart; answers JSON). */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdministrator(args);
  const services = getServices(args.context);
  const result = await runUploadWrite(services, session.administrator.email, args.request, {
    limits: { maxFileBytes: uploadLimits.pdfBytes, maxFiles: 2 },
    unreadable: unreadableWrite("odaeho", NOUN),
    describe: (form) =>
      itemWrite(
        "odaeho",
        NOUN,
        String(form.get("title") ?? ""),
        form.get("intent") === "update" ? "update" : "create",
      ),
    prepare: async (form) => {
      const update = intent.parse(form.get("intent")) === "update";
      // A new issue needs both files: checked first, with the spec's message.
      if (!update) requireIssueFiles(filesOf(form, "thumbnail")[0], filesOf(form, "pdf")[0]);
      const target = update ? recordTarget.parse(formValues(form, ["id", "version"])) : undefined;
      const fields = odaehoFields.parse(formValues(form, ["title", "description", "publishedAt"]));
      return {
        target,
        fields,
        thumbnail: await uploadedImage(form, "thumbnail"),
        pdf: await uploadedPdf(form, "pdf"),
      };
    },
    work: async (trx, files, { target, fields, thumbnail, pdf }) => {
      const { clubName } = (await getSiteSettings(trx)).value;
      if (target) {
        await updateIssue(trx, files, services.storage, clubName, target, fields, {
          thumbnail,
          pdf,
        });
        return target.id;
      }
      return createIssue(trx, files, clubName, fields, requireIssueFiles(thumbnail, pdf));
    },
  });
  return jsonResponse(result);
}
