import { uploadLimits } from "#server/domain/files/uploads.ts";
import { loadOwnSiteSettings } from "#server/domain/site-settings/identity.ts";
import { type ContentType, command } from "#server/domain/write/content-type.ts";
import { required, uploadedImage, uploadedPdf } from "#server/domain/write/form-files.ts";
import { formPageOrder, formTarget, formText, formValues } from "#server/domain/write/form-input.ts";
import { describeChange, describeReorder } from "#server/domain/write/messages.ts";
import {
  createIssue,
  deleteIssue,
  issueTitle,
  MISSING_FILES_MESSAGE,
  odaehoFields,
  reorderIssues,
  updateIssue,
} from "./manage.ts";

const NOUN = "오대호 회지";

const readFields = (form: FormData) => odaehoFields.parse(formValues(form, ["title", "description", "publishedAt"]));

/** The club magazine's issues: a cover and a PDF each, in the managers' order. */
export const odaehoContent: ContentType = {
  name: "odaeho",
  category: "odaeho",
  noun: NOUN,
  files: { maxFileBytes: uploadLimits.pdfBytes, maxFiles: 2 },
  publicPages: ["/archive/odaeho"],
  adminPage: {
    path: "/admin/manage-odaeho",
    title: "오대호",
    section: "content",
    counts: [{ label: "호", table: "odaeho_issues" }],
  },
  commands: {
    create: command({
      describe: (form) => describeChange("odaeho", NOUN, formText(form, "title"), "추가"),
      read: async (form) => {
        // A new issue needs both files: refused with the spec's message before anything else.
        const thumbnail = required(await uploadedImage(form, "thumbnail"), "thumbnail", MISSING_FILES_MESSAGE);
        const pdf = required(await uploadedPdf(form, "pdf"), "pdf", MISSING_FILES_MESSAGE);
        return { fields: readFields(form), uploads: { thumbnail, pdf } };
      },
      run: async (trx, files, { fields, uploads }) => {
        const { clubName } = (await loadOwnSiteSettings(trx)).value;
        return createIssue(trx, files, clubName, fields, uploads);
      },
    }),
    update: command({
      describe: (form) => describeChange("odaeho", NOUN, formText(form, "title"), "수정"),
      read: async (form) => ({
        target: formTarget(form),
        fields: readFields(form),
        uploads: {
          thumbnail: await uploadedImage(form, "thumbnail"),
          pdf: await uploadedPdf(form, "pdf"),
        },
      }),
      run: async (trx, files, { target, fields, uploads }) => {
        const { clubName } = (await loadOwnSiteSettings(trx)).value;
        await updateIssue(trx, files, clubName, target, fields, uploads);
      },
    }),
    delete: command({
      describe: async (form, db) => describeChange("odaeho", NOUN, await issueTitle(db, formText(form, "id")), "삭제"),
      read: formTarget,
      run: (trx, files, target) => deleteIssue(trx, files, target),
    }),
    reorder: command({
      describe: () => describeReorder("odaeho", "오대호 목록"),
      read: formPageOrder,
      run: (trx, _files, order) => reorderIssues(trx, order),
    }),
  },
};
