import { bumpContentRevision } from "#server/db/content-revision.ts";
import type { Db } from "#server/db/database.ts";
import { emptyAdmissionInfo, saveAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import { emptyHomeContent, saveHomeContent } from "#server/domain/home/home.ts";
import { saveLeaders } from "#server/domain/leaders/leaders.ts";
import { saveRules } from "#server/domain/rules/rules.ts";
import { recordSiteStart } from "#server/domain/site-settings/identity.ts";
import { emptySiteSettings, hasSiteSettings, saveSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { VersionConflictError } from "#server/failures.ts";
import type { Services } from "#server/services.ts";
import type { SeedOutcome } from "./seed.ts";

/**
 * What only the site itself holds, empty: the club's identity (none yet) and a home page with
 * nothing on it, recorded as a site of its own (not the demo). An import starts from this and
 * brings the rest; the setup page asks the managers for what the export did not have.
 */
export async function writeSiteFrame(trx: Db): Promise<void> {
  // Written first: a second instance starting at the same moment stops here and rolls back.
  await saveSiteSettings(trx, emptySiteSettings(), undefined);
  await recordSiteStart(trx, { startedAsDemo: false });
  await saveHomeContent(trx, emptyHomeContent(), undefined);
}

/**
 * DEMO_CONTENT=false on an empty database: a site of its own with nothing in it. No articles,
 * lists or calendar, no leaders, admissions closed, no rules; the first manager is led to the
 * setup page (/admin/setup). A database that was ever started is never touched.
 */
export async function startEmptySite(services: Pick<Services, "db">, now: Date = new Date()): Promise<SeedOutcome> {
  const { db } = services;
  if (await hasSiteSettings(db)) return "skipped";
  try {
    await db.transaction().execute(async (trx) => {
      await writeSiteFrame(trx);
      await saveLeaders(trx, { leaders: [] }, undefined);
      await saveAdmissionInfo(trx, emptyAdmissionInfo(), undefined);
      await saveRules(trx, { contents: "", attachments: [] }, undefined);
      await bumpContentRevision(trx, now);
    });
  } catch (error) {
    if (error instanceof VersionConflictError) return "skipped";
    throw error;
  }
  return "seeded";
}
