import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { readDocument } from "#server/db/documents.ts";
import { saveAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import { remoteImagesMessage, sanitizeRichText } from "#server/domain/html/sanitize.ts";
import { leadersSchema, saveLeaders } from "#server/domain/leaders/leaders.ts";
import { rulesSchema, saveRules } from "#server/domain/rules/rules.ts";
import { FieldError } from "#server/failures.ts";
import { documentOf, type SourceDocument } from "./firestore.ts";
import { type ImportContext, type ImportItem, type ItemReader, importKinds } from "./items.ts";
import { field, firstText, isObject, list, text } from "./source-values.ts";

/**
 * The original's single documents besides the admission info: information/leaders {leaders:
 * [{name, phoneNumber}]} and archive/rules {contents} (HTML, or plain text whose lines become
 * paragraphs, or a list of such lines). Each comes in when the export has it.
 */
export const documentItems: ItemReader = (source) => {
  const leaders = documentOf(source, "information", "leaders");
  const rules = documentOf(source, "archive", "rules");
  return [
    ...(leaders ? [singleDocumentItem(leaders.path, { ...leadersDocument, read: () => leadersOf(leaders) })] : []),
    ...(rules ? [singleDocumentItem(rules.path, { ...rulesDocument, read: () => rulesOf(rules) })] : []),
  ];
};

const leadersDocument = { kind: "leaders", key: "leaders", save: saveLeaders } as const;
const rulesDocument = { kind: "rules", key: "rules", save: saveRules } as const;

function leadersOf(document: SourceDocument) {
  const people = list(document.data.leaders).map((leader) => ({
    name: isObject(leader) ? firstText(leader, "name") : text(leader),
    phoneNumber: isObject(leader) ? hyphenatedPhone(firstText(leader, "phoneNumber", "phone", "tel")) : "",
  }));
  return leadersSchema.parse({ leaders: people });
}

function rulesOf(document: SourceDocument) {
  const contents = field(document.data, "contents", "content", "text");
  const written = Array.isArray(contents) ? contents.map(text).join("\n") : text(contents);
  const { html, remoteImages } = sanitizeRichText(asHtml(written));
  const remote = remoteImagesMessage(remoteImages);
  if (remote) throw new FieldError("contents", remote);
  return rulesSchema.parse({ contents: html, attachments: [] });
}

/**
 * The export's document at `path` as one of the site's single documents, named as its kind is:
 * `read` makes the value (storing its files, if any), which is saved under `key`, over the
 * site's own where that may be replaced.
 */
export function singleDocumentItem<Value>(
  path: string,
  document: {
    kind: "leaders" | "rules" | "admissions";
    key: string;
    read(context: ImportContext): Value | Promise<Value>;
    save(trx: Db, value: Value, expectedVersion: number | undefined): Promise<unknown>;
  },
): ImportItem {
  return {
    source: path,
    document: path,
    kind: document.kind,
    label: importKinds[document.kind].noun,
    write: async (context) => {
      const value = await document.read(context);
      await document.save(
        context.trx,
        value,
        await writeOverVersion(context.trx, document.key, context.replaceDocuments),
      );
      return document.key;
    },
  };
}

export const DEFAULT_ADMISSION_TITLE = "신입 부원 모집";

/**
 * The version to write a single document over: none (it must not exist yet), or, where the
 * site's documents may be replaced (a site that started empty), the one it has.
 */
async function writeOverVersion(trx: Db, key: string, replace: boolean): Promise<number | undefined> {
  if (!replace) return undefined;
  return (await readDocument(trx, key, z.unknown()))?.version;
}

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
  const document = await readDocument(db, "leaders", z.object({ leaders: z.array(z.unknown()) }).loose());
  return (document?.value.leaders.length ?? 0) > 0;
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
