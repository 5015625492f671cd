import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { readDocument, writeDocument } from "#server/db/documents.ts";
import { findImageRefs, type ImageRef } from "#server/domain/files/files.ts";
import { documentHistory } from "#server/domain/revisions/document-history.ts";
import { multiLineText, singleLineText } from "#server/domain/write/text-schemas.ts";
import type { FileStorage } from "#server/storage/storage.ts";

/** The home page's editable parts: hero pictures, intro, video, slogans, events and recruiting. */
export const homeContentSchema = z.object({
  heroImages: z
    .array(
      z.object({
        fileId: z.string().min(1),
        alt: singleLineText().trim().max(200, "대체 텍스트는 200자까지 쓸 수 있습니다."),
      }),
    )
    .length(4),
  intro: multiLineText().trim().min(1, "소개 글을 입력해 주세요.").max(2000, "소개 글은 2000자까지 쓸 수 있습니다."),
  video: z.object({
    /** The YouTube video id; the player loads only when a visitor asks for it. */
    youtubeId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{6,20}$/, "YouTube 영상 주소나 영상 ID를 입력해 주세요. 예: https://youtu.be/aqz-KE-bpKQ"),
    title: singleLineText()
      .trim()
      .min(1, "영상 제목을 입력해 주세요.")
      .max(120, "영상 제목은 120자까지 쓸 수 있습니다."),
    posterFileId: z.string().min(1),
  }),
  slogans: z
    .array(
      z.object({
        title: singleLineText().trim().min(1, "슬로건을 입력해 주세요.").max(30, "슬로건은 30자까지 쓸 수 있습니다."),
        description: multiLineText()
          .trim()
          .min(1, "슬로건 설명을 입력해 주세요.")
          .max(300, "슬로건 설명은 300자까지 쓸 수 있습니다."),
      }),
    )
    .length(3),
  events: z
    .array(
      z.object({
        title: singleLineText()
          .trim()
          .min(1, "행사 이름을 입력해 주세요.")
          .max(60, "행사 이름은 60자까지 쓸 수 있습니다."),
        summary: multiLineText()
          .trim()
          .min(1, "행사 소개를 입력해 주세요.")
          .max(400, "행사 소개는 400자까지 쓸 수 있습니다."),
        duration: singleLineText().trim().max(30, "기간은 30자까지 쓸 수 있습니다."),
        imageFileId: z.string().min(1),
      }),
    )
    .length(3),
  recruiting: z.object({
    intro: multiLineText()
      .trim()
      .min(1, "모집 안내 글을 입력해 주세요.")
      .max(1000, "모집 안내 글은 1000자까지 쓸 수 있습니다."),
    wanted: z
      .array(singleLineText().trim().min(1, "찾는 사람을 입력해 주세요.").max(200, "200자까지 쓸 수 있습니다."))
      .length(4),
    sessionsPerSemester: z
      .number({ error: "숫자로 입력해 주세요. 예: 20" })
      .int("숫자로 입력해 주세요. 예: 20")
      .min(0, "0부터 200 사이로 입력해 주세요.")
      .max(200, "0부터 200 사이로 입력해 주세요."),
  }),
});

export type HomeContent = z.infer<typeof homeContentSchema>;

const DOCUMENT_KEY = "home";

/** Every save kept, to compare and restore (the history panel of its page). */
export const homeHistory = documentHistory(DOCUMENT_KEY, homeContentSchema);

export async function getHomeContent(db: Db) {
  const document = await readDocument(db, DOCUMENT_KEY, homeContentSchema);
  if (!document) throw new Error("Home content is missing: the database was not seeded.");
  return document;
}

/** The home content with its file ids resolved to images, as the public pages show it. */
export interface HomePage {
  /** The hero pictures whose files exist, in order. */
  heroImages: { image: ImageRef; alt: string }[];
  intro: string;
  video: { youtubeId: string; title: string; poster: ImageRef | undefined };
  slogans: HomeContent["slogans"];
  events: (Omit<HomeContent["events"][number], "imageFileId"> & { image: ImageRef | undefined })[];
  recruiting: HomeContent["recruiting"];
}

export async function getHomePage(db: Db, storage: FileStorage): Promise<HomePage> {
  const { value } = await getHomeContent(db);
  const images = await findImageRefs(db, storage, [
    ...value.heroImages.map((hero) => hero.fileId),
    value.video.posterFileId,
    ...value.events.map((event) => event.imageFileId),
  ]);
  return {
    heroImages: value.heroImages.flatMap(({ fileId, alt }) => {
      const image = images.get(fileId);
      return image ? [{ image, alt }] : [];
    }),
    intro: value.intro,
    video: {
      youtubeId: value.video.youtubeId,
      title: value.video.title,
      poster: images.get(value.video.posterFileId),
    },
    slogans: value.slogans,
    events: value.events.map(({ imageFileId, ...event }) => ({
      ...event,
      image: images.get(imageFileId),
    })),
    recruiting: value.recruiting,
  };
}

export function saveHomeContent(db: Db, value: HomeContent, expectedVersion: number | undefined) {
  return writeDocument(db, DOCUMENT_KEY, homeContentSchema, value, expectedVersion);
}
