import { activityFields, createActivity } from "#server/domain/activities/manage.ts";
import type { ImportItem, ItemReader } from "./items.ts";
import { entryKeys, field, records, text } from "./source-values.ts";

/**
 * community_activity_main/{year}: {year, contents: [{id, title, imgUrl, direction,
 * description?}]}, each year's entries in their order; an entry without a direction alternates.
 */
export const activityItems: ItemReader = (source) =>
  (source.get("community_activity_main") ?? []).flatMap((document) => {
    const year = text(document.data.year) || document.id;
    const entries = records(document.data.contents);
    return entryKeys(entries).map((key, index): ImportItem => {
      const entry = entries[index] ?? {};
      return {
        source: `${document.path}/contents/${key}`,
        kind: "activity",
        label: `${year} ${text(entry.title)}`.trim(),
        write: async ({ trx, files, exportFiles }) => {
          const fields = activityFields.parse({
            year,
            title: text(entry.title),
            description: text(field(entry, "description", "content")),
            direction: entry.direction ?? (index % 2 === 0 ? "left" : "right"),
          });
          const address = text(field(entry, "imgUrl", "imageUrl"));
          const image = address ? await exportFiles.image(address) : undefined;
          return createActivity(trx, files, fields, image);
        },
      };
    });
  });
