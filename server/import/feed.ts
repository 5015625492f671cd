import { createFeedItem, feedFields } from "#server/domain/feed/manage.ts";
import { SkipError } from "./export-files.ts";
import { documentOf } from "./firestore.ts";
import { type ImportItem, type ItemReader, listItems } from "./items.ts";
import { dateInput, field, firstText, pictureAddress, quoted, TEXT_FIELDS, text } from "./source-values.ts";

/**
 * community_feed/feed: {items: [{id?, imgUrl, caption, link?, posted_at}]}, newest first; the
 * spec shows no item, so the picture is read from any of the usual fields (`imgUrl`, `image`,
 * `src`, `url`…), the caption from `caption`, `title`, `description` or `text`. A feed item is
 * its picture: one whose picture the export lacks is skipped, and the report names the file. A
 * new item goes to the top of the feed, so they are written last first and keep that order.
 */
export const feedItems: ItemReader = (source) => {
  const document = documentOf(source, "community_feed", "feed");
  if (!document) return [];
  return listItems(
    field(document.data, "items", "contents"),
    { document: document.path, field: "items", kind: "feedItem" },
    (entry, key): ImportItem => {
      const caption = firstText(entry, "caption", ...TEXT_FIELDS.filter((name) => name !== "caption"));
      return {
        source: `${document.path}/items/${key}`,
        document: document.path,
        kind: "feedItem",
        label: caption || key,
        write: async ({ trx, files, exportFiles }) => {
          const dateValue = field(entry, "posted_at", "postedAt", "published_at", "date", "createdAt", "created_at");
          const postedAt = dateInput(dateValue);
          if (dateValue !== undefined && !postedAt)
            throw new SkipError(`posted_at ${quoted(dateValue)} is not a date.`);
          const fields = feedFields.parse({
            caption,
            link: text(field(entry, "link", "href", "permalink")).trim(),
            postedAt,
          });
          const address = pictureAddress(entry);
          if (!address) throw new SkipError("a feed item is its picture, and this one names none.");
          return createFeedItem(trx, files, fields, await exportFiles.image(address));
        },
      };
    },
  ).reverse();
};
