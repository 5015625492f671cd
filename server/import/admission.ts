import { admissionInfoSchema, saveAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import { newId } from "#server/storage/storage.ts";
import { DEFAULT_ADMISSION_TITLE, singleDocumentItem } from "./documents.ts";
import { documentOf } from "./firestore.ts";
import type { ItemReader } from "./items.ts";
import { dateInput, field, firstText, isObject, list, pictureAddress, quoted, text } from "./source-values.ts";

/**
 * information/admission_info: {meta: {isRecruiting, image, title?, description?, applyUrl?},
 * schedules: [{title, date, description}], faqs: [{question, answer}]}; the spec shows only
 * `meta.isRecruiting` and `meta.image`, so the usual other names are read too, and meta fields
 * written at the top of the document. The document comes in whole even when its picture is not
 * in the export; a schedule or question that cannot be read is left out and named, and the
 * rest comes in.
 */
export const admissionItems: ItemReader = (source) => {
  const document = documentOf(source, "information", "admission_info");
  if (!document) return [];
  const meta = isObject(document.data.meta) ? document.data.meta : document.data;
  const choices: string[] = [];
  const recruiting = recruitingOf(field(meta, "isRecruiting", "recruiting", "is_recruiting"));
  if (recruiting.choice) choices.push(recruiting.choice);
  const leftOut: string[] = [];
  const schedules = readEntries(document.data.schedules, "schedules", leftOut, (entry) => {
    const start = field(entry, "date", "start", "startDate");
    const end = field(entry, "end", "endDate");
    const when = [start, end].filter((value) => value !== undefined).map((value) => text(value) || dateInput(value));
    return admissionInfoSchema.shape.schedules.element.safeParse({
      id: newId(),
      title: firstText(entry, "title", "name", "text"),
      date: when.filter(Boolean).join(" ~ "),
      description: firstText(entry, "description", "content"),
    });
  });
  const faqs = readEntries(document.data.faqs, "faqs", leftOut, (entry) =>
    admissionInfoSchema.shape.faqs.element.safeParse({
      id: newId(),
      question: firstText(entry, "question", "q", "title"),
      answer: firstText(entry, "answer", "a", "content", "text"),
    }),
  );
  const item = singleDocumentItem(document.path, {
    kind: "admissions",
    key: "admission_info",
    read: async ({ files, exportFiles, optional }) => {
      const info = admissionInfoSchema.parse({
        meta: {
          isRecruiting: recruiting.value,
          imageFileId: null,
          title: firstText(meta, "title") || DEFAULT_ADMISSION_TITLE,
          description: firstText(meta, "description", "content"),
          applyUrl: text(field(meta, "applyUrl", "applyLink", "link", "formUrl")).trim(),
        },
        schedules,
        faqs,
      });
      const address = pictureAddress(meta, ["image", "imgUrl", "imageUrl", "poster", "src", "url"]);
      const image = address ? await optional(exportFiles.image(address)) : undefined;
      if (image) info.meta.imageFileId = (await files.store({ folder: "admission", ...image })).id;
      return info;
    },
    save: saveAdmissionInfo,
  });
  return [{ ...item, ...(choices.length > 0 ? { choices } : {}), ...(leftOut.length > 0 ? { leftOut } : {}) }];
};

/** The recruiting flag: true or false, also written as text or 1 and 0; anything else is closed. */
function recruitingOf(value: unknown): { value: boolean; choice?: string } {
  if (typeof value === "boolean") return { value };
  if (value === undefined || value === null) return { value: false };
  const written = text(value).trim().toLowerCase();
  if (["true", "1", "yes", "y", "open"].includes(written)) return { value: true };
  if (["false", "0", "no", "n", "closed", ""].includes(written)) return { value: false };
  return { value: false, choice: `meta.isRecruiting ${quoted(value)} is not true or false: taken as closed.` };
}

/** The entries of a list the schema accepts; each one it refuses is left out and named. */
function readEntries<T>(
  value: unknown,
  name: string,
  leftOut: string[],
  parse: (
    entry: Record<string, unknown>,
  ) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
): T[] {
  const entries: T[] = [];
  for (const [index, entry] of list(value).entries()) {
    const parsed = isObject(entry) ? parse(entry) : undefined;
    if (parsed?.success) entries.push(parsed.data);
    else {
      const why = parsed ? parsed.error.issues.map((issue) => issue.message).join(" ") : "it is no record of fields.";
      leftOut.push(`${name}[${index}] ${quoted(entry)}: ${why}`);
    }
  }
  if (value !== undefined && value !== null && !Array.isArray(value) && list(value).length === 0) {
    leftOut.push(`${name} ${quoted(value)}: it is not a list.`);
  }
  return entries;
}
