import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { readDocument, writeDocument } from "#server/db/documents.ts";
import { findImageRefs, type ImageRef } from "#server/domain/files/files.ts";
import { documentHistory } from "#server/domain/revisions/document-history.ts";
import type { HistoryField } from "#server/domain/revisions/revision-changes.ts";
import { multiLineText, singleLineText } from "#server/domain/write/text-schemas.ts";
import type { FileStorage } from "#server/storage/storage.ts";

/** A picture's file, or null for a slot no picture was chosen for yet. */
const pictureFileId = z.string().min(1).nullable();

/** In a slot of several fields, a value is needed once any of them is filled in. */
function neededTogether<Row extends Record<string, unknown>>(needed: { key: keyof Row & string; message: string }[]) {
  return (row: Row, ctx: z.RefinementCtx) => {
    const filled = Object.values(row).some((value) => typeof value === "string" && value !== "");
    if (!filled) return;
    for (const { key, message } of needed) {
      if (row[key] === "") ctx.addIssue({ code: "custom", path: [key], message });
    }
  };
}

/**
 * The home page's editable parts: hero pictures, intro, video, slogans, events and recruiting.
 * The lists have fixed slots; a slot left empty (and every part, on a site that has just
 * started) is simply not shown, so a club fills its home page in piece by piece.
 */
export const homeContentSchema = z.object({
  heroImages: z
    .array(
      z.object({
        fileId: pictureFileId,
        alt: singleLineText().trim().max(200, "대체 텍스트는 200자까지 쓸 수 있습니다."),
      }),
    )
    .length(4),
  intro: multiLineText().trim().max(2000, "소개 글은 2000자까지 쓸 수 있습니다."),
  video: z
    .object({
      /** The YouTube video id; the player loads only when a visitor asks for it. */
      youtubeId: z.union([
        z.literal(""),
        z
          .string()
          .regex(
            /^[A-Za-z0-9_-]{6,20}$/,
            "YouTube 영상 주소나 영상 ID를 입력해 주세요. 예: https://youtu.be/aqz-KE-bpKQ",
          ),
      ]),
      title: singleLineText().trim().max(120, "영상 제목은 120자까지 쓸 수 있습니다."),
      posterFileId: pictureFileId,
    })
    .superRefine((video, ctx) => {
      if (video.youtubeId !== "" && video.title === "") {
        ctx.addIssue({ code: "custom", path: ["title"], message: "영상 제목을 입력해 주세요." });
      }
    }),
  slogans: z
    .array(
      z
        .object({
          title: singleLineText().trim().max(30, "슬로건은 30자까지 쓸 수 있습니다."),
          description: multiLineText().trim().max(300, "슬로건 설명은 300자까지 쓸 수 있습니다."),
        })
        .superRefine(
          neededTogether([
            { key: "title", message: "슬로건을 입력해 주세요." },
            { key: "description", message: "슬로건 설명을 입력해 주세요." },
          ]),
        ),
    )
    .length(3),
  events: z
    .array(
      z
        .object({
          title: singleLineText().trim().max(60, "행사 이름은 60자까지 쓸 수 있습니다."),
          summary: multiLineText().trim().max(400, "행사 소개는 400자까지 쓸 수 있습니다."),
          duration: singleLineText().trim().max(30, "기간은 30자까지 쓸 수 있습니다."),
          imageFileId: pictureFileId,
        })
        .superRefine(
          neededTogether([
            { key: "title", message: "행사 이름을 입력해 주세요." },
            { key: "summary", message: "행사 소개를 입력해 주세요." },
          ]),
        ),
    )
    .length(3),
  recruiting: z.object({
    intro: multiLineText().trim().max(1000, "모집 안내 글은 1000자까지 쓸 수 있습니다."),
    wanted: z.array(singleLineText().trim().max(200, "200자까지 쓸 수 있습니다.")).length(4),
    sessionsPerSemester: z
      .number({ error: "숫자로 입력해 주세요. 예: 20" })
      .int("숫자로 입력해 주세요. 예: 20")
      .min(0, "0부터 200 사이로 입력해 주세요.")
      .max(200, "0부터 200 사이로 입력해 주세요."),
  }),
});

export type HomeContent = z.infer<typeof homeContentSchema>;

const DOCUMENT_KEY = "home";

/** The parts of the document a save names: in its audit entry and in the history beside it. */
export const homeFields: readonly HistoryField<HomeContent>[] = [
  { label: "첫 화면 사진", value: (home) => home.heroImages.map((hero) => hero.fileId) },
  { label: "사진 설명", value: (home) => home.heroImages.map((hero) => hero.alt) },
  { label: "소개 글", value: (home) => home.intro },
  { label: "소개 영상", value: (home) => [home.video.youtubeId, home.video.title] },
  { label: "영상 표지", value: (home) => home.video.posterFileId },
  { label: "슬로건", value: (home) => home.slogans },
  {
    label: "행사 카드",
    value: (home) => home.events.map(({ imageFileId: _, ...texts }) => texts),
  },
  { label: "행사 사진", value: (home) => home.events.map((event) => event.imageFileId) },
  { label: "모집 안내 글", value: (home) => home.recruiting.intro },
  { label: "찾는 사람", value: (home) => home.recruiting.wanted },
  { label: "학기당 활동 수", value: (home) => home.recruiting.sessionsPerSemester },
];

/** Every save kept, to compare and restore (the history panel of its page). */
export const homeHistory = documentHistory(DOCUMENT_KEY, homeContentSchema, homeFields);

/** The home page of a site that has just started: every slot empty, so no part is shown. */
export function emptyHomeContent(): HomeContent {
  return {
    heroImages: Array.from({ length: 4 }, () => ({ fileId: null, alt: "" })),
    intro: "",
    video: { youtubeId: "", title: "", posterFileId: null },
    slogans: Array.from({ length: 3 }, () => ({ title: "", description: "" })),
    events: Array.from({ length: 3 }, () => ({ title: "", summary: "", duration: "", imageFileId: null })),
    recruiting: { intro: "", wanted: ["", "", "", ""], sessionsPerSemester: 0 },
  };
}

export async function getHomeContent(db: Db) {
  const document = await readDocument(db, DOCUMENT_KEY, homeContentSchema);
  if (!document) throw new Error("Home content is missing: the database was not seeded.");
  return document;
}

/**
 * The home content as the public pages show it: file ids resolved to images, and only the
 * parts that are filled in (a slot left empty, or a picture whose file is gone, is left out).
 */
export interface HomePage {
  heroImages: { image: ImageRef; alt: string }[];
  intro: string;
  /** No video until one is set. */
  video: { youtubeId: string; title: string; poster: ImageRef | undefined } | undefined;
  slogans: HomeContent["slogans"];
  events: (Omit<HomeContent["events"][number], "imageFileId"> & { image: ImageRef | undefined })[];
  recruiting: HomeContent["recruiting"];
}

export async function getHomePage(db: Db, storage: FileStorage): Promise<HomePage> {
  const { value } = await getHomeContent(db);
  const images = await findImageRefs(
    db,
    storage,
    [
      ...value.heroImages.map((hero) => hero.fileId),
      value.video.posterFileId,
      ...value.events.map((event) => event.imageFileId),
    ].filter((id) => id !== null),
  );
  const imageOf = (fileId: string | null) => (fileId === null ? undefined : images.get(fileId));
  return {
    heroImages: value.heroImages.flatMap(({ fileId, alt }) => {
      const image = imageOf(fileId);
      return image ? [{ image, alt }] : [];
    }),
    intro: value.intro,
    video: value.video.youtubeId
      ? { youtubeId: value.video.youtubeId, title: value.video.title, poster: imageOf(value.video.posterFileId) }
      : undefined,
    slogans: value.slogans.filter((slogan) => slogan.title !== ""),
    events: value.events
      .filter((event) => event.title !== "")
      .map(({ imageFileId, ...event }) => ({ ...event, image: imageOf(imageFileId) })),
    recruiting: { ...value.recruiting, wanted: value.recruiting.wanted.filter((wanted) => wanted !== "") },
  };
}

export function saveHomeContent(db: Db, value: HomeContent, expectedVersion: number | undefined) {
  return writeDocument(db, DOCUMENT_KEY, homeContentSchema, value, expectedVersion);
}
