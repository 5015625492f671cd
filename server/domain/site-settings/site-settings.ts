import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { readDocument, writeDocument } from "#server/db/documents.ts";
import { documentHistory } from "#server/domain/revisions/document-history.ts";
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

export const siteSettingsSchema = z.object({
  clubName: singleLineText()
    .trim()
    .min(1, "동아리 이름을 입력해 주세요.")
    .max(40, "동아리 이름은 40자까지 쓸 수 있습니다."),
  subtitle: singleLineText().trim().min(1, "한국어 부제를 입력해 주세요.").max(80, "부제는 80자까지 쓸 수 있습니다."),
  description: multiLineText()
    .trim()
    .min(1, "소개 문장을 입력해 주세요.")
    .max(200, "소개 문장은 200자까지 쓸 수 있습니다."),
  foundedYear: z
    .number({ error: "창립 연도를 숫자로 입력해 주세요. 예: 1973" })
    .int("창립 연도를 숫자로 입력해 주세요. 예: 1973")
    .min(1900, "창립 연도는 1900년부터 2100년 사이로 입력해 주세요.")
    .max(2100, "창립 연도는 1900년부터 2100년 사이로 입력해 주세요."),
  siteUrl: z
    .url({ protocol: /^https?$/, error: `${urlMessage} 예: https://club.example.org` })
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

/** Every save kept, to compare and restore (the history panel of its page). */
export const siteSettingsHistory = documentHistory(DOCUMENT_KEY, siteSettingsSchema);

/** What a fresh installation shows until the managers enter their own club. */
export function demoSiteSettings(siteUrl: string): SiteSettings {
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
