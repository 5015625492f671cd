import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { readDocument } from "#server/db/documents.ts";
import { admissionInfoSchema, saveAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import { remoteImagesMessage, sanitizeRichText } from "#server/domain/html/sanitize.ts";
import { leadersSchema, saveLeaders } from "#server/domain/leaders/leaders.ts";
import { rulesSchema, saveRules } from "#server/domain/rules/rules.ts";
import { FieldError } from "#server/failures.ts";
import { newId } from "#server/storage/storage.ts";
import { documentOf, isObject, type SourceDocument } from "./firestore.ts";
import type { ImportItem, ItemReader } from "./items.ts";
import { dateInput, field, records, text } from "./source-values.ts";

/**
 * The original's single documents: information/leaders {leaders: [{name, phoneNumber}]},
 * information/admission_info {meta: {isRecruiting, image, title?, description?, applyUrl?},
 * schedules: [{title, date, description}], faqs: [{question, answer}]} and archive/rules
 * {contents} (HTML, or plain text whose lines become paragraphs).
 */
export const documentItems: ItemReader = (source) => {
  const items: ImportItem[] = [];
  const add = (collection: string, id: string, make: (document: SourceDocument) => ImportItem) => {
    const document = documentOf(source, collection, id);
    if (document) items.push(make(document));
  };
  add("information", "leaders", (document) => ({
    source: document.path,
    kind: "leaders",
    label: "운영진",
    write: async ({ trx }) => {
      const leaders = records(document.data.leaders).map((leader) => ({
        name: text(leader.name),
        phoneNumber: hyphenatedPhone(text(field(leader, "phoneNumber", "phone"))),
      }));
      await saveLeaders(trx, leadersSchema.parse({ leaders }), undefined);
      return "leaders";
    },
  }));
  add("information", "admission_info", (document) => ({
    source: document.path,
    kind: "admissions",
    label: "모집 안내",
    write: async ({ trx, files, exportFiles }) => {
      const meta = isObject(document.data.meta) ? document.data.meta : {};
      const info = admissionInfoSchema.parse({
        meta: {
          isRecruiting: meta.isRecruiting === true,
          imageFileId: null,
          title: text(meta.title) || DEFAULT_ADMISSION_TITLE,
          description: text(meta.description),
          applyUrl: text(field(meta, "applyUrl", "link")).trim(),
        },
        schedules: records(document.data.schedules).map((schedule) => ({
          id: newId(),
          title: text(field(schedule, "title", "name")),
          date: text(schedule.date) || dateInput(schedule.date),
          description: text(schedule.description),
        })),
        faqs: records(document.data.faqs).map((faq) => ({
          id: newId(),
          question: text(faq.question),
          answer: text(faq.answer),
        })),
      });
      const address = text(field(meta, "image", "imgUrl"));
      if (address) {
        const image = await exportFiles.image(address);
        info.meta.imageFileId = (await files.store({ folder: "admission", ...image })).id;
      }
      await saveAdmissionInfo(trx, info, undefined);
      return "admission_info";
    },
  }));
  add("archive", "rules", (document) => ({
    source: document.path,
    kind: "rules",
    label: "회칙",
    write: async ({ trx }) => {
      const { html, remoteImages } = sanitizeRichText(asHtml(text(document.data.contents)));
      const remote = remoteImagesMessage(remoteImages);
      if (remote) throw new FieldError("contents", remote);
      await saveRules(trx, rulesSchema.parse({ contents: html, attachments: [] }), undefined);
      return "rules";
    },
  }));
  return items;
};

const DEFAULT_ADMISSION_TITLE = "신입 부원 모집";

/**
 * What every public page needs and the export may lack: admission info (closed, no schedules)
 * and empty rules, written when the site has none. Leaders have no such stand-in: names and
 * phone numbers in every page's footer must be the club's.
 */
export async function writeMissingDocuments(trx: Db): Promise<string[]> {
  const written: string[] = [];
  if (!(await readDocument(trx, "admission_info", z.unknown()))) {
    await saveAdmissionInfo(
      trx,
      {
        meta: { isRecruiting: false, imageFileId: null, title: DEFAULT_ADMISSION_TITLE, description: "", applyUrl: "" },
        schedules: [],
        faqs: [],
      },
      undefined,
    );
    written.push("admission info (closed, nothing listed)");
  }
  if (!(await readDocument(trx, "rules", z.unknown()))) {
    await saveRules(trx, { contents: "", attachments: [] }, undefined);
    written.push("rules (empty)");
  }
  return written;
}

/** Whether the site has its leaders (every page's footer shows them). */
export async function hasLeaders(db: Db): Promise<boolean> {
  return (await readDocument(db, "leaders", z.unknown())) !== undefined;
}

/** Digits alone (01012345678) written as the form asks for them (010-1234-5678). */
export function hyphenatedPhone(phone: string): string {
  const digits = phone.replace(/[\s.-]/g, "");
  if (!/^0\d{8,10}$/.test(digits)) return phone;
  const prefix = digits.startsWith("02") ? 2 : 3;
  const rest = digits.slice(prefix);
  if (rest.length < 7) return phone;
  return `${digits.slice(0, prefix)}-${rest.slice(0, rest.length - 4)}-${rest.slice(-4)}`;
}

/** Plain text (no tags) as paragraphs, one per line, escaped; HTML as it is. */
function asHtml(contents: string): string {
  if (/<[a-z][\s\S]*>/i.test(contents)) return contents;
  const escaped = (line: string) => line.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  return contents
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .map((line) => `<p>${escaped(line)}</p>`)
    .join("\n");
}
