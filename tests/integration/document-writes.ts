import sharp from "sharp";
import { action as writeAction } from "#app/routes/admin/api/write.ts";
import type { Db } from "#server/db/database.ts";
import { storageKeysOf } from "#server/domain/files/files.ts";
import type { Services } from "#server/services.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import type { WriteResult } from "#shared/write-result.ts";
import { MANAGER, managerContext } from "./support/admin-requests.ts";

/**
 * Helpers shared by the integration tests of the single-document pages (rules, admissions,
 * settings, leaders).
 */

export const ACTOR = MANAGER;

/**
 * Posts a body no admin page sends (JSON, a form cut off on the way) to a content type's write
 * endpoint as a signed-in administrator, and returns the status and the answer.
 */
export async function postRaw(
  services: Services,
  type: string,
  contentType: string,
  body: string,
): Promise<{ status: number; body: WriteResult }> {
  const url = new URL(`/admin/api/${type}`, "http://club.test");
  const request = new Request(url, {
    method: "POST",
    headers: { "Content-Type": contentType },
    body,
  });
  const response = await writeAction({
    request,
    url,
    params: { type },
    context: managerContext(services),
  });
  return { status: response.status, body: (await response.json()) as WriteResult };
}

/** A small image of the given format, optionally with EXIF (GPS) metadata. */
export async function imageFile(
  name: string,
  options: { width?: number; height?: number; format?: "png" | "jpeg"; gps?: boolean } = {},
): Promise<File> {
  const { width = 640, height = 360, format = "png" } = options;
  let image = sharp({
    create: { width, height, channels: 3, background: { r: 36, g: 72, b: 216 } },
  });
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: "TestCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 33/1 0/1" },
    });
  }
  const body = format === "png" ? await image.png().toBuffer() : await image.jpeg().toBuffer();
  return new File([new Uint8Array(body)], name, { type: `image/${format}` });
}

/** The newest audit entry of a category. */
export async function latestAudit(db: Db, category: string) {
  return db
    .selectFrom("audit_log")
    .select(["category", "type", "content", "error", "actor"])
    .where("category", "=", category)
    .orderBy("time", "desc")
    .executeTakeFirstOrThrow();
}

export async function fileCount(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom("files")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Every storage key in use (files and their smaller copies). */
export async function storedKeys(storage: FileStorage): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const object of storage.list()) keys.add(object.key);
  return keys;
}

/** The storage keys of a file (the file and its smaller copies), or undefined without a row. */
export async function keysOfFile(db: Db, fileId: string): Promise<string[] | undefined> {
  const row = await db
    .selectFrom("files")
    .select(["storage_key", "variant_widths"])
    .where("id", "=", fileId)
    .executeTakeFirst();
  return row ? storageKeysOf(row.storage_key, JSON.parse(row.variant_widths)) : undefined;
}

/** Which of the keys hold a stored file. */
export async function existingKeys(storage: FileStorage, keys: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const key of keys) if (await storage.exists(key)) found.push(key);
  return found;
}
