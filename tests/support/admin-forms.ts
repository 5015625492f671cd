import type { AdmissionInfo } from "#server/domain/admissions/admissions.ts";
import type { HomeContent } from "#server/domain/home/home.ts";
import type { Rules } from "#server/domain/rules/rules.ts";
import type { SiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { ruleFileField } from "#shared/rule-form.ts";

/**
 * The whole-document admin forms as their pages send them, for the suites that write documents
 * (each suite checks its own type; the page-cache suite writes every type).
 */

/** A form as the browser sends it: repeated names keep their order; files are File objects. */
export function formOf(entries: [string, string | File][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

/** The settings form: each field named by its path in the settings. */
export function settingsForm(version: number, settings: SiteSettings, overrides: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    intent: "save",
    version: String(version),
    clubName: settings.clubName,
    subtitle: settings.subtitle,
    description: settings.description,
    foundedYear: settings.foundedYear === null ? "" : String(settings.foundedYear),
    siteUrl: settings.siteUrl,
    address: settings.address,
    email: settings.email,
    "social.instagram": settings.social.instagram,
    "social.facebook": settings.social.facebook,
    "social.github": settings.social.github,
    "social.youtube": settings.social.youtube,
    "partners.activitySystem.label": settings.partners.activitySystem.label,
    "partners.activitySystem.url": settings.partners.activitySystem.url,
    "partners.learningSite.label": settings.partners.learningSite.label,
    "partners.learningSite.url": settings.partners.learningSite.url,
    ...overrides,
  };
  return formOf(Object.entries(fields));
}

/**
 * The home form, with replaced pictures by field name. Each slot of a fixed list repeats its
 * fields under the list's name; an override names the slot as the server's errors do
 * ("slogans.1.title", "recruiting.wanted.3").
 */
export function homeForm(
  version: number,
  home: HomeContent,
  overrides: Record<string, string> = {},
  images: Record<string, File> = {},
) {
  const value = (name: string, stored: string) => overrides[name] ?? stored;
  const entries: [string, string | File][] = [
    ["intent", "save"],
    ["version", String(version)],
    ["intro", value("intro", home.intro)],
    ["video.youtubeId", value("video.youtubeId", home.video.youtubeId)],
    ["video.title", value("video.title", home.video.title)],
    ["recruiting.intro", value("recruiting.intro", home.recruiting.intro)],
    [
      "recruiting.sessionsPerSemester",
      value("recruiting.sessionsPerSemester", String(home.recruiting.sessionsPerSemester)),
    ],
  ];
  const slots = <Item>(list: string, items: Item[], columns: (keyof Item & string)[]) => {
    items.forEach((item, index) => {
      for (const column of columns) {
        entries.push([`${list}.${column}`, value(`${list}.${index}.${column}`, String(item[column]))]);
      }
    });
  };
  slots("heroImages", home.heroImages, ["alt"]);
  slots("slogans", home.slogans, ["title", "description"]);
  slots("events", home.events, ["title", "summary", "duration"]);
  home.recruiting.wanted.forEach((wanted, index) => {
    entries.push(["recruiting.wanted", value(`recruiting.wanted.${index}`, wanted)]);
  });
  return formOf([...entries, ...Object.entries(images)]);
}

export type LeaderRow = { name: string; phoneNumber: string };

/** The leaders form: three rows, the last one possibly empty. */
export function leadersForm(version: number, rows: LeaderRow[]) {
  return {
    intent: "save",
    version: String(version),
    "leaders.name": rows.map((row) => row.name),
    "leaders.phoneNumber": rows.map((row) => row.phoneNumber),
  };
}

export interface RuleRow {
  key: string;
  title: string;
  fileName: string;
  file?: File;
}

/** The rules form: the text, then each attachment row (new rows with their PDF). */
export function rulesForm(version: number, contents: string, rows: RuleRow[]): FormData {
  const entries: [string, string | File][] = [
    ["intent", "save"],
    ["version", String(version)],
    ["contents", contents],
  ];
  for (const row of rows) {
    entries.push(
      ["attachments.key", row.key],
      ["attachments.title", row.title],
      ["attachments.fileName", row.fileName],
    );
    if (row.file) entries.push([ruleFileField(row.key), row.file]);
  }
  return formOf(entries);
}

/** The rows of the rules' attachments as the page shows them. */
export const ruleRowsOf = (rules: Rules): RuleRow[] =>
  rules.attachments.map((attachment) => ({
    key: attachment.fileId,
    title: attachment.title,
    fileName: attachment.fileName,
  }));

export interface AdmissionsEdit {
  version: number;
  info: AdmissionInfo;
  image?: File;
  removeImage?: boolean;
}

/** The admissions form for `info` as shown, with an optional new or removed image. */
export function admissionsForm({ version, info, image, removeImage }: AdmissionsEdit): FormData {
  const entries: [string, string | File][] = [
    ["intent", "save"],
    ["version", String(version)],
    ["meta.title", info.meta.title],
    ["meta.description", info.meta.description],
    ["meta.applyUrl", info.meta.applyUrl],
    ["meta.imageAction", removeImage ? "remove" : "keep"],
  ];
  if (info.meta.isRecruiting) entries.push(["meta.isRecruiting", "on"]);
  if (image) entries.push(["image", image]);
  for (const schedule of info.schedules) {
    entries.push(
      ["schedules.id", schedule.id],
      ["schedules.title", schedule.title],
      ["schedules.date", schedule.date],
      ["schedules.description", schedule.description],
    );
  }
  for (const faq of info.faqs) {
    entries.push(["faqs.id", faq.id], ["faqs.question", faq.question], ["faqs.answer", faq.answer]);
  }
  return formOf(entries);
}
