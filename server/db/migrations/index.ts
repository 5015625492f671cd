import type { Migration } from "kysely/migration";
import * as foundation from "./0001-foundation.ts";
import * as content from "./0002-content.ts";
import * as administrators from "./0003-administrators.ts";
import * as contentRevision from "./0004-content-revision.ts";
import * as articleSearch from "./0005-article-search.ts";
import * as webVitals from "./0006-web-vitals.ts";
import * as knownDevices from "./0007-known-devices.ts";
import * as secondFactors from "./0008-second-factors.ts";
import * as articleStatus from "./0009-article-status.ts";
import * as managerLinks from "./0010-manager-links.ts";
import * as revisionsAndAutosaves from "./0011-revisions-and-autosaves.ts";
import * as fileLibrary from "./0012-file-library.ts";
import * as importedRecords from "./0013-imported-records.ts";
import * as accounts from "./0014-accounts.ts";
import * as scheduledBackups from "./0015-scheduled-backups.ts";
import * as accountRoles from "./0016-account-roles.ts";

/**
 * The ordered list of migrations. Listed by hand (not read from disk) so the same list works in
 * the bundled server and in the command-line tools. Never edit a migration that has shipped: add one.
 */
export const migrations: Record<string, Migration> = {
  "0001-foundation": foundation,
  "0002-content": content,
  "0003-administrators": administrators,
  "0004-content-revision": contentRevision,
  "0005-article-search": articleSearch,
  "0006-web-vitals": webVitals,
  "0007-known-devices": knownDevices,
  "0008-second-factors": secondFactors,
  "0009-article-status": articleStatus,
  "0010-manager-links": managerLinks,
  "0011-revisions-and-autosaves": revisionsAndAutosaves,
  "0012-file-library": fileLibrary,
  "0013-imported-records": importedRecords,
  "0014-accounts": accounts,
  "0015-scheduled-backups": scheduledBackups,
  "0016-account-roles": accountRoles,
};
