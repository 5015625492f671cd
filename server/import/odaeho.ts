import { createIssue, MISSING_FILES_MESSAGE, odaehoFields } from "#server/domain/odaeho/manage.ts";
import { SkipError } from "./export-files.ts";
import { documentOf } from "./firestore.ts";
import type { ImportItem, ItemReader } from "./items.ts";
import { dateInput, entryKeys, field, records, text } from "./source-values.ts";

/**
 * archive/odaeho: {contents: [{id, title, description, published_at, thumbnailUrl, pdfUrl}]},
 * in the managers' order. A new issue goes to the top of the list, so they are written last
 * first and keep that order.
 */
export const odaehoItems: ItemReader = (source) => {
  const document = documentOf(source, "archive", "odaeho");
  if (!document) return [];
  const entries = records(document.data.contents);
  return entryKeys(entries)
    .map((key, index): ImportItem => {
      const entry = entries[index] ?? {};
      return {
        source: `${document.path}/contents/${key}`,
        kind: "odaeho",
        label: text(entry.title) || key,
        write: async ({ trx, files, exportFiles, clubName }) => {
          const fields = odaehoFields.parse({
            title: text(entry.title),
            description: text(entry.description),
            publishedAt: dateInput(field(entry, "published_at", "publishedAt")),
          });
          const thumbnailAddress = text(entry.thumbnailUrl);
          const pdfAddress = text(entry.pdfUrl);
          // The spec's refusal of an issue without both files.
          if (!thumbnailAddress || !pdfAddress) throw new SkipError(MISSING_FILES_MESSAGE);
          const thumbnail = await exportFiles.image(thumbnailAddress);
          const pdf = await exportFiles.pdf(pdfAddress);
          return createIssue(trx, files, clubName, fields, { thumbnail, pdf });
        },
      };
    })
    .reverse();
};
