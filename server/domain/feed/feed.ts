import type { Db } from "#server/db/database.ts";
import { type ImageRef, imageColumns, toImageRef } from "#server/domain/files/files.ts";
import type { FileStorage } from "#server/storage/storage.ts";

export interface FeedItem {
  id: string;
  caption: string;
  /** Where the post lives elsewhere (e.g. the club's social page); empty when nowhere. */
  link: string;
  postedAt: string;
  image: ImageRef;
}

/** The feed items with their photos, to be filtered, ordered and cut by the caller. */
export function feedItemsWithImages(db: Db) {
  return db
    .selectFrom("feed_items")
    .innerJoin("files", "files.id", "feed_items.image_file_id")
    .select(["feed_items.id", "feed_items.caption", "feed_items.link", "feed_items.posted_at", ...imageColumns]);
}

export function feedItemOf(
  storage: FileStorage,
  row: Awaited<ReturnType<ReturnType<typeof feedItemsWithImages>["execute"]>>[number],
): FeedItem {
  return {
    id: row.id,
    caption: row.caption,
    link: row.link,
    postedAt: row.posted_at,
    image: toImageRef(storage, row),
  };
}

/** The feed in the managers' order. */
export async function listFeedItems(db: Db, storage: FileStorage): Promise<FeedItem[]> {
  const rows = await feedItemsWithImages(db).orderBy("feed_items.position").orderBy("feed_items.id").execute();
  return rows.map((row) => feedItemOf(storage, row));
}
