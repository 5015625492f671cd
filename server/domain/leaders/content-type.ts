import { restoreCommand } from "#server/domain/revisions/restore.ts";
import { type ContentType, command, NO_FILES } from "#server/domain/write/content-type.ts";
import { describeChange } from "#server/domain/write/messages.ts";
import { leadersHistory } from "./leaders.ts";
import { readLeadersForm, writeLeaders } from "./manage.ts";

const NOUN = "운영진 정보";

/** The president's and vice-presidents' names and phone numbers, shown in every page's footer. */
export const leadersContent: ContentType = {
  name: "leaders",
  category: "leaders",
  noun: NOUN,
  files: NO_FILES,
  publicPages: ["/"],
  adminPage: {
    path: "/admin/manage-leaders",
    title: "운영진",
    section: "operations",
    document: "leaders",
  },
  history: leadersHistory,
  commands: {
    save: command({
      revision: () => "leaders",
      describe: () => describeChange("leaders", NOUN, "", "수정"),
      read: readLeadersForm,
      run: (trx, _files, submission) => writeLeaders(trx, submission),
    }),
    restore: restoreCommand("leaders", leadersHistory, async () => "운영진 정보"),
  },
};
