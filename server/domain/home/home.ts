import { z } from "zod";
import type { Db } from "../../db/database.ts";
import { readDocument, writeDocument } from "../../db/documents.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { findImageRefs, type ImageRef } from "../files/files.ts";

/** The home page's editable parts: hero pictures, intro, video, slogans, events and recruiting. */
export const homeContentSchema = z.object({
  heroImages: z
    .array(z.object({ fileId: z.string().min(1), alt: z.string().trim().max(200) }))
    .length(4),
  intro: z.string().trim().min(1).max(2000),
  video: z.object({
    /** The YouTube video id; the player loads only when a visitor asks for it. */
    youtubeId: z.string().regex(/^[A-Za-z0-9_-]{6,20}$/),
    title: z.string().trim().min(1).max(120),
    posterFileId: z.string().min(1),
  }),
  slogans: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(30),
        description: z.string().trim().min(1).max(300),
      }),
    )
    .length(3),
  events: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(60),
        summary: z.string().trim().min(1).max(400),
        duration: z.string().trim().max(30),
        imageFileId: z.string().min(1),
      }),
    )
    .length(3),
  recruiting: z.object({
    intro: z.string().trim().min(1).max(1000),
    wanted: z.array(z.string().trim().min(1).max(200)).length(4),
    sessionsPerSemester: z.number().int().min(0).max(200),
  }),
});

export type HomeContent = z.infer<typeof homeContentSchema>;

const DOCUMENT_KEY = "home";

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
