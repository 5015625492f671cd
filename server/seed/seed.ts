import { VersionConflictError } from "../db/documents.ts";
import { writeWithFiles } from "../domain/files/files.ts";
import {
  demoSiteSettings,
  hasSiteSettings,
  saveSiteSettings,
} from "../domain/site-settings/site-settings.ts";
import type { Services } from "../services.ts";

export type SeedOutcome = "seeded" | "skipped";

/**
 * Fills an empty database with a fictional club so a fresh installation shows a living site.
 * Site settings exist in every database that was ever started, so their absence marks an empty
 * one; a database with content is never touched. Everything is written in one transaction.
 */
export async function seedDemoContent(
  services: Pick<Services, "db" | "storage" | "config">,
): Promise<SeedOutcome> {
  const { db, storage, config } = services;
  if (await hasSiteSettings(db)) return "skipped";
  const siteUrl = config.siteUrl ?? `http://localhost:${config.port}`;
  try {
    await writeWithFiles(db, storage, async (trx) => {
      // Written first: a second instance seeding at the same moment stops here and rolls back.
      await saveSiteSettings(trx, demoSiteSettings(siteUrl), undefined);
    });
  } catch (error) {
    if (error instanceof VersionConflictError) return "skipped";
    throw error;
  }
  return "seeded";
}
