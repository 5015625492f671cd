import type { Db } from "#server/db/database.ts";
import { changedFields, fieldsChangedSentence, summarizeChanges } from "#server/domain/write/changes.ts";
import { formNumber, formText, formVersion } from "#server/domain/write/form-input.ts";
import { loadOwnSiteSettings } from "./identity.ts";
import { type SiteSettings, saveSiteSettings, siteSettingsFields, siteSettingsSchema } from "./site-settings.ts";

/** The club's identity as the settings page edits it: one form, one version. */
export interface SiteSettingsSubmission {
  version: number;
  settings: SiteSettings;
}

/**
 * Reads the settings form, checked by the settings' schema. Each field's name in the form is
 * its path in the settings, so errors land next to it.
 */
export function readSiteSettingsForm(form: FormData): SiteSettingsSubmission {
  const version = formVersion(form);
  const text = (name: string) => formText(form, name);
  const settings = siteSettingsSchema.parse({
    clubName: text("clubName"),
    subtitle: text("subtitle"),
    description: text("description"),
    foundedYear: formText(form, "foundedYear").trim() === "" ? null : formNumber(form, "foundedYear"),
    siteUrl: text("siteUrl").trim(),
    address: text("address"),
    email: text("email").trim(),
    social: {
      instagram: text("social.instagram").trim(),
      facebook: text("social.facebook").trim(),
      github: text("social.github").trim(),
      youtube: text("social.youtube").trim(),
    },
    partners: {
      activitySystem: {
        label: text("partners.activitySystem.label"),
        url: text("partners.activitySystem.url").trim(),
      },
      learningSite: {
        label: text("partners.learningSite.label"),
        url: text("partners.learningSite.url").trim(),
      },
    },
  } satisfies SiteSettings);
  return { version, settings };
}

/** Writes the settings over the version they were loaded at; answers what changed. */
export async function writeSiteSettings(trx: Db, { version, settings }: SiteSettingsSubmission): Promise<string> {
  // What the form showed: the demo's values left out on a site of its own.
  const before = (await loadOwnSiteSettings(trx)).value;
  const saved = await saveSiteSettings(trx, settings, version);
  return describeSiteSettingsChanges(before, saved.value);
}

export function describeSiteSettingsChanges(before: SiteSettings, after: SiteSettings): string {
  return summarizeChanges(
    fieldsChangedSentence("사이트 설정", changedFields(before, after, siteSettingsFields)),
    "사이트 설정이 저장되었습니다 (바뀐 내용 없음)",
  );
}
