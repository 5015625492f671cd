import { createIssue, MISSING_FILES_MESSAGE, odaehoFields } from "#server/domain/odaeho/manage.ts";
import { SkipError } from "./export-files.ts";
import { documentOf } from "./firestore.ts";
import { type ImportItem, type ItemReader, listItems } from "./items.ts";
import { dateInput, field, firstText, pictureAddress, quoted, text } from "./source-values.ts";

/**
 * archive/odaeho: {contents: [{id, title, description, published_at, thumbnailUrl, pdfUrl}]},
 * in the managers' order. An issue is its cover and its PDF (the spec refuses one without
 * both): one whose file the export lacks is skipped, and the report names the file. A new issue
 * goes to the top of the list, so they are written last first and keep that order.
 */
export const odaehoItems: ItemReader = (source) => {
  const document = documentOf(source, "archive", "odaeho");
  if (!document) return [];
  return listItems(
    document.data.contents,
    { document: document.path, field: "contents", kind: "odaeho" },
    (entry, key): ImportItem => {
      const title = firstText(entry, "title", "name");
      return {
        source: `${document.path}/contents/${key}`,
        document: document.path,
        kind: "odaeho",
        label: title || key,
        write: async ({ trx, files, exportFiles, clubName }) => {
          const dateValue = field(entry, "published_at", "publishedAt", "date");
          const publishedAt = dateInput(dateValue);
          if (dateValue !== undefined && !publishedAt) {
            throw new SkipError(`published_at ${quoted(dateValue)} is not a date.`);
          }
          const fields = odaehoFields.parse({
            title,
            description: firstText(entry, "description", "text"),
            publishedAt,
          });
          const thumbnailAddress = pictureAddress(entry, ["thumbnailUrl", "thumbnail", "imgUrl", "image"]);
          const pdfAddress = text(field(entry, "pdfUrl", "pdf", "fileUrl")).trim();
          // The spec's refusal of an issue without both files.
          if (!thumbnailAddress || !pdfAddress) throw new SkipError(MISSING_FILES_MESSAGE);
          const thumbnail = await exportFiles.image(thumbnailAddress);
          const pdf = await exportFiles.pdf(pdfAddress);
          return createIssue(trx, files, clubName, fields, { thumbnail, pdf });
        },
      };
    },
  ).reverse();
};
