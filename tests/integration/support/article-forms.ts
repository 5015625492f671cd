import exifReader from "exif-reader";
import sharp from "sharp";
import { expect } from "vitest";
import { action as writeAction } from "#app/routes/admin/api/write.ts";
import { storageKeysOf } from "#server/domain/files/files.ts";
import type { ConflictingVersion } from "#shared/write-result.ts";
import { imageFile, photoWithLocation } from "../../support/files.ts";
import { storedKeys } from "../../support/stored-content.ts";
import { callAction, postCommand } from "./admin-requests.ts";
import type { TestServices } from "./databases.ts";

// What the media article tests send and read back: the editor's form, its answer, the stored images.

/** A small picture of one colour, as a phone would send it (JPEG). */
export const photo = (colour: string, width = 64, height = 48) =>
  imageFile(`${colour.slice(1)}.jpg`, { width, height, colour });

/** A photo carrying GPS coordinates and a camera name in its EXIF block. */
export async function photoWithGps(): Promise<File> {
  const bytes = await photoWithLocation();
  const meta = await sharp(bytes).metadata();
  // The source really carries the location, so its absence afterwards means something.
  expect(meta.exif && exifReader(meta.exif).GPSInfo?.GPSLatitude).toBeDefined();
  return new File([new Uint8Array(bytes)], "IMG_2040.jpg", { type: "image/jpeg" });
}

export interface NewImage {
  file: File;
  alt?: string;
}

/** The form the editor sends: text fields, the image list in order, and the new files. */
export function articleForm(fields: {
  id?: string;
  version?: number;
  title?: string;
  tag?: string;
  publishedAt?: string;
  /** Left out, the form says nothing and the article is published (as forms before statuses). */
  status?: string;
  contents?: string;
  /** The list in order: an existing file id (with its alt) or a new image. */
  images?: ({ fileId: string; alt?: string } | NewImage)[];
  deleteImage?: string[];
}): FormData {
  const form = new FormData();
  form.set("intent", fields.id ? "update" : "create");
  if (fields.id) form.set("id", fields.id);
  if (fields.version !== undefined) form.set("version", String(fields.version));
  form.set("title", fields.title ?? "정기 세미나 후기");
  form.set("tag", fields.tag ?? "세미나");
  form.set("publishedAt", fields.publishedAt ?? "2026-03-02T18:30");
  if (fields.status !== undefined) form.set("status", fields.status);
  form.set("contents", fields.contents ?? "<p>세미나가 열렸습니다.</p>");
  const newFiles: { key: string; file: File }[] = [];
  for (const [index, image] of (fields.images ?? []).entries()) {
    if ("fileId" in image) {
      form.append("images", `existing:${image.fileId}`);
    } else {
      const key = `n${index}`;
      form.append("images", `new:${key}`);
      newFiles.push({ key, file: image.file });
    }
    form.append("imageAlt", image.alt ?? "");
  }
  for (const fileId of fields.deleteImage ?? []) form.append("deleteImage", fileId);
  for (const { key, file } of newFiles) {
    form.append("newImage", file);
    form.append("newImageKey", key);
  }
  return form;
}

export interface Answer {
  ok: boolean;
  status: number;
  message: string;
  fieldErrors?: Record<string, string>;
  conflict?: boolean;
  theirs?: ConflictingVersion;
  unchanged?: boolean;
  data?: { id: string; version: number };
}

/**
 * Sends a form to the articles' write endpoint as the signed-in manager, as the editor does
 * (multipart), or url-encoded when the fields come as URLSearchParams.
 */
export async function send(
  s: TestServices,
  body: FormData | URLSearchParams | Record<string, string | string[]>,
): Promise<Answer> {
  const { status, body: answer } =
    body instanceof URLSearchParams
      ? await callAction(writeAction, s, "/admin/api/articles", Object.fromEntries(body), {
          type: "articles",
        })
      : await postCommand(s, "articles", body);
  expect(answer.status).toBe(status);
  return answer as unknown as Answer;
}

export async function created(s: TestServices, form: FormData) {
  const answer = await send(s, form);
  expect(answer, answer.message).toMatchObject({ ok: true, status: 200 });
  if (!answer.data) throw new Error("no id in the answer");
  return answer.data;
}

export async function imageRows(s: TestServices, articleId: string) {
  return s.db
    .selectFrom("article_images")
    .innerJoin("files", "files.id", "article_images.file_id")
    .select([
      "article_images.position",
      "article_images.file_id",
      "article_images.alt",
      "files.storage_key",
      "files.variant_widths",
      "files.content_type",
    ])
    .where("article_images.article_id", "=", articleId)
    .orderBy("article_images.position")
    .execute();
}

/** Every key stored under a folder. */
export async function keysUnder(s: TestServices, folder: string): Promise<string[]> {
  return (await storedKeys(s.storage)).filter((key) => key.startsWith(`${folder}/`));
}

/** The article's folder holds exactly the files of its image rows (each with its copies). */
export async function expectStorageMatchesRows(s: TestServices, articleId: string) {
  const rows = await imageRows(s, articleId);
  const expected = rows.flatMap((row) => storageKeysOf(row.storage_key, JSON.parse(row.variant_widths))).sort();
  expect(await keysUnder(s, `media/${articleId}`)).toEqual(expected);
}

export async function storedBytes(s: TestServices, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await s.storage.get(key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
