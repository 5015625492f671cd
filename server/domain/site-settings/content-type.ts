import { restoreCommand } from "#server/domain/revisions/restore.ts";
import { type ContentType, command, NO_FILES } from "#server/domain/write/content-type.ts";
import { describeDocumentSave } from "#server/domain/write/messages.ts";
import { postponeSetup } from "./identity.ts";
import { readSiteSettingsForm, writeSiteSettings } from "./manage.ts";
import { siteSettingsHistory } from "./site-settings.ts";

/**
 * The club's identity (name, contact, links), saved whole from one form of text: on the settings
 * page and on the setup page (/admin/setup), whose "나중에" is the `postpone` command.
 */
export const siteSettingsContent: ContentType = {
  name: "site-settings",
  category: "siteSettings",
  noun: "사이트 설정",
  files: NO_FILES,
  // Every page's title, header and footer.
  publicPages: ["/", "/about/contact"],
  adminPage: {
    path: "/admin/manage-settings",
    title: "사이트 설정",
    section: "operations",
    document: "site_settings",
  },
  history: siteSettingsHistory,
  // The club's identity is the owner's (shared/roles.ts).
  role: "owner",
  commands: {
    save: command({
      revision: () => "site_settings",
      describe: () => describeDocumentSave("siteSettings", "사이트 설정"),
      read: readSiteSettingsForm,
      run: (trx, _files, submission) => writeSiteSettings(trx, submission),
    }),
    restore: restoreCommand("siteSettings", siteSettingsHistory, async () => "사이트 설정"),
    postpone: command({
      describe: () => ({
        category: "siteSettings",
        success: "사이트 첫 설정을 나중에 하기로 했습니다",
        failure: "사이트 첫 설정을 미루지 못했습니다",
      }),
      read: () => undefined,
      run: (trx) => postponeSetup(trx),
    }),
  },
};
