import { uploadLimits } from "#server/domain/files/uploads.ts";
import { restoreCommand } from "#server/domain/revisions/restore.ts";
import { type ContentType, command } from "#server/domain/write/content-type.ts";
import { describeDocumentSave } from "#server/domain/write/messages.ts";
import { admissionsHistory } from "./admissions.ts";
import { readAdmissionsForm, writeAdmissions } from "./manage.ts";

/**
 * The admission info: whether the club is recruiting, its texts and poster, the schedules and
 * FAQs, saved whole from one form with a new poster.
 */
export const admissionsContent: ContentType = {
  name: "admissions",
  category: "admissions",
  noun: "모집 안내",
  files: { maxFileBytes: uploadLimits.imageBytes, maxFiles: 1 },
  // The "Now Recruiting" badge is in every page's menu.
  publicPages: ["/join", "/"],
  adminPage: {
    path: "/admin/manage-admissions",
    title: "모집 안내",
    section: "content",
    document: "admission_info",
  },
  history: admissionsHistory,
  commands: {
    save: command({
      revision: () => "admission_info",
      describe: () => describeDocumentSave("admissions", "모집 안내"),
      read: readAdmissionsForm,
      run: writeAdmissions,
    }),
    restore: restoreCommand("admissions", admissionsHistory, async () => "모집 안내"),
  },
};
