import { uploadLimits } from "#server/domain/files/uploads.ts";
import { restoreCommand } from "#server/domain/revisions/restore.ts";
import { type ContentType, command } from "#server/domain/write/content-type.ts";
import { describeDocumentSave } from "#server/domain/write/messages.ts";
import { homeHistory } from "./home.ts";
import { homeImageSlots, readHomeForm, writeHome } from "./manage.ts";

/**
 * The home page's texts and pictures, saved whole from one form on the settings page with the
 * pictures replaced; logged with the site settings.
 */
export const homeContent: ContentType = {
  name: "home",
  category: "siteSettings",
  noun: "홈 화면",
  files: { maxFileBytes: uploadLimits.imageBytes, maxFiles: homeImageSlots.length },
  publicPages: ["/", "/about", "/join", "/join/who_we_want"],
  history: homeHistory,
  // Edited on the settings page, which is the owner's: the home page goes with it.
  role: "owner",
  commands: {
    save: command({
      revision: () => "home",
      describe: () => describeDocumentSave("siteSettings", "홈 화면"),
      read: readHomeForm,
      run: writeHome,
    }),
    restore: restoreCommand("siteSettings", homeHistory, async () => "홈 화면"),
  },
};
