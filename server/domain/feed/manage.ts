import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { updateVersioned } from "#server/db/versioned.ts";
import { deleteRecordWithFiles, type FileChanges } from "#server/domain/files/files.ts";
import type { UploadedFile } from "#server/domain/write/form-files.ts";
import { type OrderForm, type RecordTarget, seoulDateInput } from "#server/domain/write/form-input.ts";
import { findListPage, type ListPage, reorderPage } from "#server/domain/write/lists.ts";
import { multiLineText } from "#server/domain/write/text-schemas.ts";
import { RecordNotFoundError, VersionConflictError } from "#server/failures.ts";
import { type FileStorage, newId } from "#server/storage/storage.ts";
import { type FeedItem, feedItemOf, feedItemsWithImages } from "./feed.ts";

const LINK_MESSAGE = "http:// 또는 https://로 시작하는 주소를 넣거나 비워 두세요.";

export const feedFields = z.object({
  caption: multiLineText().trim().min(1, "설명을 입력해 주세요.").max(300, "설명은 300자까지 쓸 수 있습니다."),
  link: z
    .string()
    .trim()
    .max(2000, "주소가 너무 깁니다.")
    .pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, error: LINK_MESSAGE })])),
  postedAt: seoulDateInput,
});

export type FeedFields = z.infer<typeof feedFields>;

const FOLDER = "feed";

function columns(fields: FeedFields) {
  return { caption: fields.caption, link: fields.link, posted_at: fields.postedAt };
}

/** Adds an item at the top of the feed. */
export async function createFeedItem(
  trx: Db,
  files: FileChanges,
  fields: FeedFields,
  image: UploadedFile,
): Promise<string> {
  const id = newId();
  const stored = await files.store({ folder: FOLDER, ...image });
  await trx.updateTable("feed_items").set({ position: sql<number>`position + 1` }).execute();
  const now = new Date().toISOString();
  await trx
    .insertInto("feed_items")
    .values({
      id,
      ...columns(fields),
      image_file_id: stored.id,
      position: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Saves an item at the version the manager loaded; a new photo replaces the old file. */
export async function updateFeedItem(
  trx: Db,
  files: FileChanges,
  target: RecordTarget,
  fields: FeedFields,
  image: UploadedFile | undefined,
): Promise<void> {
  const current = await trx
    .selectFrom("feed_items")
    .select(["version", "image_file_id"])
    .where("id", "=", target.id)
    .executeTakeFirst();
  if (!current) throw new RecordNotFoundError();
  if (current.version !== target.version) throw new VersionConflictError(current.version);
  const imageFileId = image ? (await files.store({ folder: FOLDER, ...image })).id : current.image_file_id;
  await updateVersioned(trx, "feed_items", target.id, target.version, {
    ...columns(fields),
    image_file_id: imageFileId,
  });
  if (imageFileId !== current.image_file_id) await files.remove(current.image_file_id);
}

/** Deletes an item and its photo. */
export async function deleteFeedItem(trx: Db, files: FileChanges, target: RecordTarget) {
  await deleteRecordWithFiles(trx, files, "feed_items", target, ["image_file_id"]);
}

export async function reorderFeed(trx: Db, order: OrderForm & { from: number }): Promise<void> {
  await reorderPage(trx, "feed_items", order, order.from);
}

/** An item's caption, for the messages about it; empty when it is gone. */
export async function feedCaption(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom("feed_items").select("caption").where("id", "=", id).executeTakeFirst();
  return row?.caption ?? "";
}

/**
 * One page of the feed for its admin page, in the managers' order, with each item's version:
 * `search` keeps the items whose caption or link holds every word.
 */
export async function listFeedPage(
  db: Db,
  storage: FileStorage,
  query: { search: string; page: number; pageSize: number },
): Promise<ListPage<FeedItem & { version: number }>> {
  const found = await findListPage(
    feedItemsWithImages(db).select("feed_items.version").orderBy("feed_items.position").orderBy("feed_items.id"),
    { ...query, columns: ["feed_items.caption", "feed_items.link"] },
  );
  return { ...found, items: found.items.map((row) => ({ ...feedItemOf(storage, row), version: Number(row.version) })) };
}
