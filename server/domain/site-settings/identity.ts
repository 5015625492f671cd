import { z } from "zod";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/database.ts";
import { readDocument, writeDocument } from "#server/db/documents.ts";
import { configuredSiteUrl, publicSiteUrl } from "./site-address.ts";
import { demoSiteSettings, getSiteSettings, type SiteSettings } from "./site-settings.ts";

/**
 * "Unset or still the demo's", defined once. A site either started as the demo club (`npm
 * start`: the demo's identity is its own until the managers change it) or as a site of its own
 * (DEMO_CONTENT=false, or an import): there a value equal to the demo's counts as unset. It is
 * shown on no public page, the settings form shows it empty, and the dashboard lists it as
 * missing. The import and the checklist read it from here.
 */

const siteSetupSchema = z.object({
  /** Seeded as the demo club: the demo's values are the site's own until changed. */
  startedAsDemo: z.boolean(),
  /** A manager chose "나중에" on the setup page: the dashboard no longer leads there. */
  postponed: z.boolean(),
});

export type SiteSetup = z.infer<typeof siteSetupSchema>;

const SETUP_KEY = "site_setup";

/** How the site began (written once, by the seed, the empty start or the import) and its setup. */
export async function getSiteSetup(db: Db): Promise<SiteSetup> {
  return (await readSiteSetup(db)).value;
}

async function readSiteSetup(db: Db): Promise<{ value: SiteSetup; version: number | undefined }> {
  const document = await readDocument(db, SETUP_KEY, siteSetupSchema);
  if (document) return document;
  // A database from before this record existed: `npm start` seeded the demo; an import did not.
  const imported = await db.selectFrom("imported_records").select("source").limit(1).executeTakeFirst();
  return { value: { startedAsDemo: imported === undefined, postponed: false }, version: undefined };
}

/** Records how a new site began; runs in the transaction that fills it. */
export async function recordSiteStart(db: Db, start: { startedAsDemo: boolean }): Promise<void> {
  await writeDocument(db, SETUP_KEY, siteSetupSchema, { ...start, postponed: false }, undefined);
}

/** The setup page's "나중에": signing in no longer leads to it; the dashboard keeps the checklist. */
export async function postponeSetup(db: Db): Promise<void> {
  const { value, version } = await readSiteSetup(db);
  await writeDocument(db, SETUP_KEY, siteSetupSchema, { ...value, postponed: true }, version);
}

/**
 * The settings with every value that is still the demo's emptied, unless the site started as
 * the demo. What public pages and the settings form show.
 */
export function withoutDemoIdentity(settings: SiteSettings, setup: SiteSetup): SiteSettings {
  if (setup.startedAsDemo) return settings;
  const demo = demoSiteSettings();
  const own = (value: string, demoValue: string) => (value === demoValue ? "" : value);
  return {
    ...settings,
    clubName: own(settings.clubName, demo.clubName),
    subtitle: own(settings.subtitle, demo.subtitle),
    description: own(settings.description, demo.description),
    address: own(settings.address, demo.address),
    email: own(settings.email, demo.email),
    social: {
      instagram: own(settings.social.instagram, demo.social.instagram),
      facebook: own(settings.social.facebook, demo.social.facebook),
      github: own(settings.social.github, demo.social.github),
      youtube: own(settings.social.youtube, demo.social.youtube),
    },
    partners: {
      activitySystem: {
        ...settings.partners.activitySystem,
        url: own(settings.partners.activitySystem.url, demo.partners.activitySystem.url),
      },
      learningSite: {
        ...settings.partners.learningSite,
        url: own(settings.partners.learningSite.url, demo.partners.learningSite.url),
      },
    },
  };
}

export type IdentityState = "set" | "unset" | "demo";

export interface IdentityItem {
  key: "clubName" | "subtitle" | "email" | "address" | "social" | "siteUrl" | "description" | "partners";
  label: string;
  /** Left empty, it does not keep the setup from being finished (a club may have none). */
  optional: boolean;
  state: IdentityState;
}

const checkedItems: (Omit<IdentityItem, "state"> & { values(settings: SiteSettings): string[] })[] = [
  { key: "clubName", label: "동아리 이름", optional: false, values: (s) => [s.clubName] },
  { key: "subtitle", label: "한국어 부제", optional: false, values: (s) => [s.subtitle] },
  { key: "email", label: "연락 이메일", optional: false, values: (s) => [s.email] },
  { key: "address", label: "동아리방 주소", optional: false, values: (s) => [s.address] },
  { key: "social", label: "소셜 링크", optional: true, values: (s) => Object.values(s.social) },
  { key: "description", label: "소개 문장", optional: true, values: (s) => [s.description] },
  {
    key: "partners",
    label: "다른 사이트 링크",
    optional: true,
    values: (s) => [s.partners.activitySystem.url, s.partners.learningSite.url],
  },
];

/** Each part of the identity the setup asks for, as set, unset or still the demo's. */
export function identityItems(
  settings: SiteSettings,
  setup: SiteSetup,
  config: Pick<Config, "siteUrl">,
): IdentityItem[] {
  const own = withoutDemoIdentity(settings, setup);
  const demo = demoSiteSettings();
  const items: IdentityItem[] = checkedItems.map(({ values, ...item }) => {
    const current = values(own);
    const demoValues = values(demo);
    const state: IdentityState = current.some((value, index) => value !== "" && value === demoValues[index])
      ? "demo"
      : current.some((value) => value !== "")
        ? "set"
        : "unset";
    return { ...item, state };
  });
  items.splice(4, 0, {
    key: "siteUrl",
    label: "사이트 주소",

    optional: false,
    state: configuredSiteUrl(own.siteUrl, config) ? "set" : "unset",
  });
  return items;
}

export interface SetupStatus {
  /** What is still to do: every item unset or still the demo's, in the form's order. */
  missing: IdentityItem[];
  /** Nothing needed is unset and nothing is the demo's (optional items may be left empty). */
  finished: boolean;
  /** The dashboard leads to the setup page: a site of its own, not finished, not put off. */
  offerSetup: boolean;
}

export function setupStatus(settings: SiteSettings, setup: SiteSetup, config: Pick<Config, "siteUrl">): SetupStatus {
  const missing = identityItems(settings, setup, config).filter((item) => item.state !== "set");
  const finished = missing.every((item) => item.optional && item.state === "unset");
  return { missing, finished, offerSetup: !finished && !setup.startedAsDemo && !setup.postponed };
}

export async function loadSetupStatus(db: Db, config: Pick<Config, "siteUrl">): Promise<SetupStatus> {
  const [{ value }, setup] = await Promise.all([getSiteSettings(db), getSiteSetup(db)]);
  return setupStatus(value, setup, config);
}

/** What pages call a club whose name is not set yet. */
export const UNNAMED_CLUB = "동아리 홈페이지";

/** The name to show: the club's own, or UNNAMED_CLUB. */
export function displayedClubName(settings: SiteSettings): string {
  return settings.clubName || UNNAMED_CLUB;
}

/**
 * The identity visitors see, with its public address (site-address.ts): nothing of the demo's
 * unless the site started as the demo, and a plain name until the club's is set. Every public
 * page, feed, sitemap and preview reads it through here.
 */
export async function loadPublicIdentity(db: Db, config: Pick<Config, "siteUrl">, requestUrl: string) {
  const { value } = await loadOwnSiteSettings(db);
  const clubName = displayedClubName(value);
  return {
    // Search results and previews want a sentence even before the club has written its own.
    settings: { ...value, clubName, description: value.description || `${clubName} 웹사이트입니다.` },
    siteUrl: publicSiteUrl(value.siteUrl, config, requestUrl),
  };
}

/**
 * The settings as the site's own: the demo's values left out (unless it started as the demo).
 * What the managers' form shows and what files are named after.
 */
export async function loadOwnSiteSettings(db: Db) {
  const [settings, setup] = await Promise.all([getSiteSettings(db), getSiteSetup(db)]);
  return { ...settings, value: withoutDemoIdentity(settings.value, setup) };
}
