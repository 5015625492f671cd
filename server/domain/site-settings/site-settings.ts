import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { readDocument, writeDocument } from "#server/db/documents.ts";
import { documentHistory } from "#server/domain/revisions/document-history.ts";
import type { HistoryField } from "#server/domain/revisions/revision-changes.ts";
import { multiLineText, singleLineText } from "#server/domain/write/text-schemas.ts";

/** The club's identity: data the managers edit, so another club can run the same product. */
const urlMessage = "https://로 시작하는 주소를 입력해 주세요.";
const optionalUrl = z.union([
  z.literal(""),
  z.url({ protocol: /^https?$/, error: `${urlMessage} 없으면 비워 두세요.` }),
]);

const partnerLink = z.object({
  label: singleLineText().trim().min(1, "메뉴에 보일 이름을 입력해 주세요.").max(40, "이름은 40자까지 쓸 수 있습니다."),
  url: optionalUrl,
});

/**
 * Every field may be left empty: an empty site starts with none of them, and the managers fill
 * them in at /admin/setup or /admin/manage-settings. What is still empty (or still the demo's)
 * is listed on the dashboard (identity.ts).
 */
export const siteSettingsSchema = z.object({
  clubName: singleLineText().trim().max(40, "동아리 이름은 40자까지 쓸 수 있습니다."),
  subtitle: singleLineText().trim().max(80, "부제는 80자까지 쓸 수 있습니다."),
  description: multiLineText().trim().max(200, "소개 문장은 200자까지 쓸 수 있습니다."),
  foundedYear: z
    .number({ error: "창립 연도를 숫자로 입력해 주세요. 예: 1973" })
    .int("창립 연도를 숫자로 입력해 주세요. 예: 1973")
    .min(1900, "창립 연도는 1900년부터 2100년 사이로 입력해 주세요.")
    .max(2100, "창립 연도는 1900년부터 2100년 사이로 입력해 주세요.")
    .nullable(),
  /** The public address; empty: SITE_URL, else the address a visitor used (site-address.ts). */
  siteUrl: z
    .union([z.literal(""), z.url({ protocol: /^https?$/, error: `${urlMessage} 예: https://club.example.org` })])
    .transform((url) => url.replace(/\/+$/, "")),
  address: singleLineText().trim().max(200, "주소는 200자까지 쓸 수 있습니다."),
  email: z.union([
    z.literal(""),
    z.email({
      error: "이메일 주소 형식이 올바르지 않습니다. 예: club@example.org (없으면 비워 두세요)",
    }),
  ]),
  social: z.object({
    instagram: optionalUrl,
    facebook: optionalUrl,
    github: optionalUrl,
    youtube: optionalUrl,
  }),
  partners: z.object({
    activitySystem: partnerLink,
    learningSite: partnerLink,
  }),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

const DOCUMENT_KEY = "site_settings";

/** The parts of the document a save names: in its audit entry and in the history beside it. */
export const siteSettingsFields: readonly HistoryField<SiteSettings>[] = [
  { label: "동아리 이름", value: (s) => s.clubName },
  { label: "부제", value: (s) => s.subtitle },
  { label: "소개 문장", value: (s) => s.description },
  { label: "창립 연도", value: (s) => s.foundedYear },
  { label: "사이트 주소", value: (s) => s.siteUrl },
  { label: "주소", value: (s) => s.address },
  { label: "이메일", value: (s) => s.email },
  { label: "소셜 링크", value: (s) => s.social },
  { label: "다른 사이트 링크", value: (s) => s.partners },
];

/** Every save kept, to compare and restore (the history panel of its page). */
export const siteSettingsHistory = documentHistory(DOCUMENT_KEY, siteSettingsSchema, siteSettingsFields);

/** The menu names of the two partner sites: words any club can use, shown once a link is set. */
const partnerLabels = { activitySystem: "활동 관리 시스템", learningSite: "학습 관리 사이트" } as const;

/** A site of its own before the managers fill anything in (DEMO_CONTENT=false, or an import). */
export function emptySiteSettings(): SiteSettings {
  return {
    clubName: "",
    subtitle: "",
    description: "",
    foundedYear: null,
    siteUrl: "",
    address: "",
    email: "",
    social: { instagram: "", facebook: "", github: "", youtube: "" },
    partners: {
      activitySystem: { label: partnerLabels.activitySystem, url: "" },
      learningSite: { label: partnerLabels.learningSite, url: "" },
    },
  };
}

/**
 * The fictional demo club's identity. Besides seeding the demo, it is what "still the demo's"
 * means (identity.ts): on a site that did not start as the demo, a value equal to one of these
 * counts as unset. The address is left empty, so links follow SITE_URL or the visitor's address.
 */
export function demoSiteSettings(siteUrl = ""): SiteSettings {
  return {
    clubName: "KERNEL",
    subtitle: "새솔대학교 중앙 컴퓨터 동아리",
    description: "1973년부터 함께 코드를 쓰고, 이야기하고, 도전해 온 새솔대학교 중앙 컴퓨터 동아리 KERNEL입니다.",
    foundedYear: 1973,
    siteUrl,
    address: "서울특별시 새솔구 새솔로 73, 새솔대학교 학생회관 307호",
    email: "kernel@saesol.example",
    social: {
      instagram: "https://www.instagram.com/kernel.saesol",
      facebook: "https://www.facebook.com/kernel.saesol",
      github: "https://github.com/kernel-saesol",
      youtube: "https://www.youtube.com/@kernel-saesol",
    },
    partners: {
      activitySystem: { label: partnerLabels.activitySystem, url: "https://activity.kernel.saesol.example" },
      learningSite: { label: partnerLabels.learningSite, url: "https://learn.kernel.saesol.example" },
    },
  };
}

export async function getSiteSettings(db: Db) {
  const document = await readDocument(db, DOCUMENT_KEY, siteSettingsSchema);
  if (!document) throw new Error("Site settings are missing: the database was not seeded.");
  return document;
}

export async function hasSiteSettings(db: Db): Promise<boolean> {
  return (await readDocument(db, DOCUMENT_KEY, siteSettingsSchema)) !== undefined;
}

export function saveSiteSettings(db: Db, value: SiteSettings, expectedVersion: number | undefined) {
  return writeDocument(db, DOCUMENT_KEY, siteSettingsSchema, value, expectedVersion);
}

/** The club's own identity, as a club brings it along (an import): the fields it has. */
export interface ClubIdentity {
  clubName?: string;
  subtitle?: string;
  description?: string;
  foundedYear?: number;
  siteUrl?: string;
  address?: string;
  email?: string;
  social?: Partial<SiteSettings["social"]>;
}

export const IDENTITY_FIELDS = [
  "clubName",
  "subtitle",
  "description",
  "foundedYear",
  "siteUrl",
  "address",
  "email",
  "social.instagram",
  "social.facebook",
  "social.github",
  "social.youtube",
] as const;

export type IdentityField = (typeof IDENTITY_FIELDS)[number];

/** What a field that cannot be empty shows until the club enters its own: nothing of the demo's. */
const UNSET_IDENTITY = { clubName: "동아리", subtitle: "동아리 홈페이지", description: "동아리 홈페이지입니다." };

/**
 * The settings with a club's own identity: every field the club has (and the settings' schema
 * accepts) replaces the setting; every field it lacks that still holds the demo club's value is
 * emptied, or given a neutral stand-in where it cannot be empty, and so are the demo's partner
 * links. Answers which fields the identity lacked and which of its values were refused.
 */
export function withClubIdentity(
  settings: SiteSettings,
  identity: ClubIdentity,
): { settings: SiteSettings; missing: IdentityField[]; refused: { field: IdentityField; message: string }[] } {
  const demo = demoSiteSettings(settings.siteUrl);
  const next: SiteSettings = structuredClone(settings);
  const missing: IdentityField[] = [];
  const refused: { field: IdentityField; message: string }[] = [];
  const shape = siteSettingsSchema.shape;
  for (const name of IDENTITY_FIELDS) {
    const social = name.startsWith("social.") ? (name.slice(7) as keyof SiteSettings["social"]) : undefined;
    const given = social ? identity.social?.[social] : identity[name as Exclude<IdentityField, `social.${string}`>];
    const schema = social ? shape.social.shape[social] : shape[name as keyof typeof shape];
    const parsed = given === undefined ? undefined : schema.safeParse(given);
    if (parsed?.success) {
      if (social) next.social[social] = parsed.data as string;
      else Object.assign(next, { [name]: parsed.data });
      continue;
    }
    if (parsed) refused.push({ field: name, message: parsed.error.issues.map((issue) => issue.message).join(" ") });
    missing.push(name);
    if (social) {
      if (next.social[social] === demo.social[social]) next.social[social] = "";
    } else if (name === "address" || name === "email") {
      if (next[name] === demo[name]) next[name] = "";
    } else if (name === "clubName" || name === "subtitle" || name === "description") {
      if (next[name] === demo[name]) next[name] = UNSET_IDENTITY[name];
    }
  }
  for (const key of ["activitySystem", "learningSite"] as const) {
    if (next.partners[key].url === demo.partners[key].url) next.partners[key].url = "";
  }
  return { settings: next, missing, refused };
}
