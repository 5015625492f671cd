import { uploadLimits } from "#server/domain/files/uploads.ts";
import { restoreCommand } from "#server/domain/revisions/restore.ts";
import { type ContentType, command } from "#server/domain/write/content-type.ts";
import { describeDocumentSave } from "#server/domain/write/messages.ts";
import { readRulesForm, writeRules } from "./manage.ts";
import { rulesHistory } from "./rules.ts";

/** The rules: their text and PDF attachments, saved whole from one form with the new PDFs. */
export const rulesContent: ContentType = {
  name: "rules",
  category: "rules",
  noun: "회칙",
  files: { maxFileBytes: uploadLimits.pdfBytes, maxFiles: uploadLimits.files },
  publicPages: ["/archive/rule"],
  adminPage: {
    path: "/admin/manage-rule",
    title: "회칙",
    section: "content",
    document: "rules",
  },
  history: rulesHistory,
  commands: {
    save: command({
      revision: () => "rules",
      describe: () => describeDocumentSave("rules", "회칙"),
      read: readRulesForm,
      run: writeRules,
    }),
    restore: restoreCommand("rules", rulesHistory, async () => "회칙"),
  },
};
