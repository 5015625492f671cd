import { z } from "zod";
import type { Db } from "../../db/database.ts";
import { readDocument, writeDocument } from "../../db/documents.ts";

/** The club's identity: data the managers edit, so another club can run the same product. */
const optionalUrl = z.union([z.literal(""), z.url({ protocol: /^https?$/ })]);

const partnerLink = z.object({
  label: z.string().trim().min(1).max(40),
  url: optionalUrl,
});

export const siteSettingsSchema = z.object({
  clubName: z.string().trim().min(1).max(40),
  subtitle: z.string().trim().min(1).max(80),
  description: z.string().trim().min(1).max(200),
  foundedYear: z.number().int().min(1900).max(2100),
  siteUrl: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, "")),
  address: z.string().trim().max(200),
  email: z.union([z.literal(""), z.email()]),
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

/** What a fresh installation shows until the managers enter their own club. */
export function demoSiteSettings(siteUrl: string): SiteSettings {
  return {
    clubName: "KERNEL",
    subtitle: "새솔대학교 중앙 컴퓨터 동아리",
    description:
      "1973년부터 함께 코드를 쓰고, 이야기하고, 도전해 온 새솔대학교 중앙 컴퓨터 동아리 KERNEL입니다.",
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
      activitySystem: { label: "활동 관리 시스템", url: "https://activity.kernel.saesol.example" },
      learningSite: { label: "학습 관리 사이트", url: "https://learn.kernel.saesol.example" },
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
