import { createFeedItem, feedFields } from "#server/domain/feed/manage.ts";
import { SkipError } from "./export-files.ts";
import { documentOf } from "./firestore.ts";
import type { ImportItem, ItemReader } from "./items.ts";
import { dateInput, entryKeys, field, records, text } from "./source-values.ts";

/**
 * community_feed/feed: {items: [{id?, imgUrl, caption, link?, posted_at}]}, newest first. A new
 * item goes to the top of the feed, so they are written last first and keep that order.
 */
export const feedItems: ItemReader = (source) => {
  const document = documentOf(source, "community_feed", "feed");
  if (!document) return [];
  const entries = records(document.data.items);
  return entryKeys(entries)
    .map((key, index): ImportItem => {
      const entry = entries[index] ?? {};
      const caption = text(field(entry, "caption", "description", "title"));
      return {
        source: `${document.path}/items/${key}`,
        kind: "feedItem",
        label: caption || key,
        write: async ({ trx, files, exportFiles }) => {
          const fields = feedFields.parse({
            caption,
            link: text(entry.link),
            postedAt: dateInput(field(entry, "posted_at", "postedAt", "published_at", "date")),
          });
          const address = text(field(entry, "imgUrl", "imageUrl", "url"));
          if (!address) throw new SkipError("a feed item needs its picture (imgUrl).");
          return createFeedItem(trx, files, fields, await exportFiles.image(address));
        },
      };
    })
    .reverse();
};
