import { activityFields, createActivity } from "#server/domain/activities/manage.ts";
import { type ImportItem, type ItemReader, listItems } from "./items.ts";
import { firstText, pictureAddress, quoted, text } from "./source-values.ts";

/**
 * community_activity_main/{year}: {year, contents: [{id, title, imgUrl, direction,
 * description?}]}, each year's entries in their order. The spec gives no values for
 * `direction`: "left" and "right" (in any case) are the layout; an entry without one alternates.
 * A direction that is other text is kept as the first paragraph of the entry's description
 * (main activities have no subtitle; the description is the text shown beside the picture), and
 * the entry gets the alternating layout; the report names the choice.
 */
export const activityItems: ItemReader = (source) =>
  (source.collections.get("community_activity_main") ?? []).flatMap((document) => {
    const year = text(document.data.year) || document.id;
    return listItems(
      document.data.contents,
      { document: document.path, field: "contents", kind: "activity" },
      (entry, key, index): ImportItem => {
        const title = firstText(entry, "title", "name");
        const { direction, kept, choice } = layoutOf(entry.direction, index);
        const description = [kept, firstText(entry, "description", "content", "text")].filter(Boolean).join("\n\n");
        return {
          source: `${document.path}/contents/${key}`,
          document: document.path,
          kind: "activity",
          label: `${year} ${title}`.trim(),
          ...(choice ? { choices: [choice] } : {}),
          write: async ({ trx, files, exportFiles, optional }) => {
            const fields = activityFields.parse({ year, title, description, direction });
            const address = pictureAddress(entry);
            const image = address ? await optional(exportFiles.image(address)) : undefined;
            return createActivity(trx, files, fields, image);
          },
        };
      },
    );
  });

/** The entry's layout; for a direction that names none, the text kept and the choice made. */
function layoutOf(value: unknown, index: number): { direction: "left" | "right"; kept?: string; choice?: string } {
  const alternating = index % 2 === 0 ? "left" : "right";
  const written = text(value).trim();
  const lower = written.toLowerCase();
  if (lower === "left" || lower === "right") return { direction: lower };
  if (value === undefined || value === null || (typeof value === "string" && written === "")) {
    return { direction: alternating };
  }
  const unknown = `direction ${quoted(value)} is not left or right:`;
  if (written === "") return { direction: alternating, choice: `${unknown} the picture alternates (${alternating}).` };
  return {
    direction: alternating,
    kept: written,
    choice: `${unknown} kept as the start of the description; the picture alternates (${alternating}).`,
  };
}
