import type { Db } from "#server/db/database.ts";
import type { FileChanges } from "#server/domain/files/files.ts";
import { changedFields, fieldsChangedSentence, summarizeChanges } from "#server/domain/write/changes.ts";
import { type UploadedFile, uploadedImage } from "#server/domain/write/form-files.ts";
import { formNumber, formRows, formText, formVersion, unreadableForm } from "#server/domain/write/form-input.ts";
import { VersionConflictError } from "#server/failures.ts";
import { getHomeContent, type HomeContent, homeContentSchema, homeFields, saveHomeContent } from "./home.ts";

/**
 * The pictures a manager can replace: four hero images, three event cards and the video poster.
 * `swap` puts a new file id in place and answers the one it replaces.
 */
interface HomeImageSlot {
  field: string;
  folder: string;
  swap(home: HomeContent, fileId: string): string | undefined;
}

function replaceIn<Item>(item: Item | undefined, key: keyof Item & string, fileId: string) {
  if (!item) return undefined;
  const previous = item[key];
  Object.assign(item, { [key]: fileId });
  return typeof previous === "string" ? previous : undefined;
}

export const homeImageSlots: HomeImageSlot[] = [
  ...[0, 1, 2, 3].map((index) => ({
    field: `heroImages.${index}.file`,
    folder: "home/hero",
    swap: (home: HomeContent, fileId: string) => replaceIn(home.heroImages[index], "fileId", fileId),
  })),
  ...[0, 1, 2].map((index) => ({
    field: `events.${index}.file`,
    folder: "home/events",
    swap: (home: HomeContent, fileId: string) => replaceIn(home.events[index], "imageFileId", fileId),
  })),
  {
    field: "video.posterFile",
    folder: "home/video",
    swap: (home, fileId) => replaceIn(home.video, "posterFileId", fileId),
  },
];

/**
 * The video id from what a manager pastes: the id itself or a YouTube address
 * (watch?v=, youtu.be/, embed/, shorts/, live/). Anything else is returned as typed, for the
 * schema to refuse.
 */
export function youtubeIdFrom(input: string): string {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  const host = url.hostname.replace(/^(www|m|music)\./, "");
  if (host === "youtu.be") return url.pathname.split("/")[1] ?? "";
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const fromQuery = url.searchParams.get("v");
    if (fromQuery) return fromQuery;
    const match = url.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/]+)/);
    if (match?.[1]) return match[1];
  }
  return text;
}

/** The form as checked before the transaction: the texts, and the pictures chosen per slot. */
export interface HomeSubmission {
  version: number;
  /** The texts, validated; the pictures' file ids are filled in from the stored content. */
  texts: HomeContent;
  pictures: { slot: HomeImageSlot; image: UploadedFile }[];
}

/**
 * The rows of a list of fixed slots (four hero pictures, three slogans, …), one per slot in
 * order; their fields repeat under the list's name, as the schema's errors name them
 * ("slogans.2.title").
 */
function slotRows<Column extends string>(
  form: FormData,
  prefix: string,
  columns: readonly Column[],
  count: number,
): Record<Column, string>[] {
  const rows = formRows(form, prefix, columns);
  if (rows.length !== count) throw unreadableForm();
  return rows;
}

/** Reads the home form: the texts validated as the content will be, new pictures checked. */
export async function readHomeForm(form: FormData): Promise<HomeSubmission> {
  const version = formVersion(form);
  const texts = homeContentSchema.parse({
    // Until the transaction reads the stored content, the pictures' file ids are not known.
    heroImages: slotRows(form, "heroImages", ["alt"], 4).map(({ alt }) => ({ fileId: null, alt })),
    intro: formText(form, "intro"),
    video: {
      youtubeId: youtubeIdFrom(formText(form, "video.youtubeId")),
      title: formText(form, "video.title"),
      posterFileId: null,
    },
    slogans: slotRows(form, "slogans", ["title", "description"], 3),
    events: slotRows(form, "events", ["title", "summary", "duration"], 3).map((event) => ({
      ...event,
      imageFileId: null,
    })),
    recruiting: {
      intro: formText(form, "recruiting.intro"),
      wanted: slotRows(form, "recruiting", ["wanted"], 4).map((row) => row.wanted),
      sessionsPerSemester: formNumber(form, "recruiting.sessionsPerSemester"),
    },
  } satisfies HomeContent);
  const pictures: HomeSubmission["pictures"] = [];
  for (const slot of homeImageSlots) {
    const image = await uploadedImage(form, slot.field);
    if (image) pictures.push({ slot, image });
  }
  return { version, texts, pictures };
}

/**
 * Writes the submission over the version it was loaded at: the pictures not replaced keep their
 * files; a replaced picture's old file is removed after the commit.
 */
export async function writeHome(
  trx: Db,
  files: FileChanges,
  { version, texts, pictures }: HomeSubmission,
): Promise<string> {
  const current = await getHomeContent(trx);
  if (current.version !== version) throw new VersionConflictError(current.version);
  const next: HomeContent = {
    ...texts,
    heroImages: texts.heroImages.map((hero, index) => ({
      ...hero,
      fileId: current.value.heroImages[index]?.fileId ?? null,
    })),
    video: { ...texts.video, posterFileId: current.value.video.posterFileId },
    events: texts.events.map((event, index) => ({
      ...event,
      imageFileId: current.value.events[index]?.imageFileId ?? null,
    })),
  };
  for (const { slot, image } of pictures) {
    const stored = await files.store({ folder: slot.folder, ...image });
    const replaced = slot.swap(next, stored.id);
    if (replaced) await files.remove(replaced);
  }
  const saved = await saveHomeContent(trx, next, version);
  return describeHomeChanges(current.value, saved.value);
}

export function describeHomeChanges(before: HomeContent, after: HomeContent): string {
  return summarizeChanges(
    fieldsChangedSentence("홈 화면", changedFields(before, after, homeFields)),
    "홈 화면이 저장되었습니다 (바뀐 내용 없음)",
  );
}
