import { sql } from "kysely";
import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { updateVersioned } from "#server/db/versioned.ts";
import { deleteRecordWithFiles, type FileChanges } from "#server/domain/files/files.ts";
import type { UploadedFile } from "#server/domain/write/form-files.ts";
import { type OrderForm, type RecordTarget, seoulDateInput } from "#server/domain/write/form-input.ts";
import { findListPage, type ListPage, reorderPage } from "#server/domain/write/lists.ts";
import { multiLineText, singleLineText } from "#server/domain/write/text-schemas.ts";
import { RecordNotFoundError, VersionConflictError } from "#server/failures.ts";
import { type FileStorage, newId } from "#server/storage/storage.ts";
import { issueOf, issuesWithFiles, type OdaehoIssue } from "./odaeho.ts";

/** The spec's message when a new issue lacks its cover or its PDF, shown as written. */
export const MISSING_FILES_MESSAGE = "Upload Failed! Thumbnail Image or PDF file is not defined!";

export const odaehoFields = z.object({
  title: singleLineText().trim().min(1, "제목을 입력해 주세요.").max(80, "제목은 80자까지 쓸 수 있습니다."),
  description: multiLineText().trim().max(500, "설명은 500자까지 쓸 수 있습니다."),
  publishedAt: seoulDateInput,
});

export type OdaehoFields = z.infer<typeof odaehoFields>;

/** Characters a file name cannot carry on common systems, and control characters. */
const unsafeInFileName = /[\p{Cc}\\/:*?"<>|]/gu;
/** Room for the name on every file system (most allow 255 bytes), with a margin. */
const MAX_FILE_NAME_BYTES = 200;

/**
 * The PDF's name, as the spec gives it: "{club name} odaeho {title}.pdf" (the club's own name,
 * never the demo's). Characters a file name
 * cannot hold become "_", and a very long title is shortened so the name fits on disk.
 */
export function odaehoPdfName(clubName: string, title: string): string {
  const clean = (text: string) => text.replace(unsafeInFileName, "_").replace(/\s+/g, " ").trim();
  // A club whose name is not set yet: "odaeho {title}.pdf".
  const prefix = `${clean(clubName)} odaeho `.trimStart();
  const encoder = new TextEncoder();
  let rest = clean(title);
  while (rest && encoder.encode(`${prefix}${rest}.pdf`).length > MAX_FILE_NAME_BYTES) {
    rest = Array.from(rest).slice(0, -1).join("").trimEnd();
  }
  return `${prefix}${rest}.pdf`.replace(/^\.+/, "_");
}

/**
 * Where an issue's PDF is stored. The first one sits in the issue's folder, `odaeho/{id}`, as the
 * spec has it. A later one (a replacement, or the same file under a new title) gets a fresh
 * folder inside it: uploads are served as never changing, so an address must never be reused,
 * and the name alone would repeat.
 */
function pdfFolder(issueId: string, first: boolean): string {
  return first ? `odaeho/${issueId}` : `odaeho/${issueId}/${newId()}`;
}

/** Adds an issue at the top of the list, with its cover and its PDF. */
export async function createIssue(
  trx: Db,
  files: FileChanges,
  clubName: string,
  fields: OdaehoFields,
  uploads: { thumbnail: UploadedFile; pdf: UploadedFile },
): Promise<string> {
  const id = newId();
  const thumbnail = await files.store({ folder: `odaeho/${id}`, ...uploads.thumbnail });
  const pdf = await files.store({
    folder: pdfFolder(id, true),
    ...uploads.pdf,
    fileName: odaehoPdfName(clubName, fields.title),
  });
  await trx.updateTable("odaeho_issues").set({ position: sql<number>`position + 1` }).execute();
  const now = new Date().toISOString();
  await trx
    .insertInto("odaeho_issues")
    .values({
      id,
      title: fields.title,
      description: fields.description,
      published_at: fields.publishedAt,
      thumbnail_file_id: thumbnail.id,
      pdf_file_id: pdf.id,
      position: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/**
 * Saves an issue at the version the manager loaded. A new cover or PDF replaces the old file
 * (removed after the save); when the title (or the club's name) changed, the PDF is stored again
 * under its new name.
 */
export async function updateIssue(
  trx: Db,
  files: FileChanges,
  clubName: string,
  target: RecordTarget,
  fields: OdaehoFields,
  uploads: { thumbnail: UploadedFile | undefined; pdf: UploadedFile | undefined },
): Promise<void> {
  const current = await trx
    .selectFrom("odaeho_issues as issue")
    .innerJoin("files as pdf", "pdf.id", "issue.pdf_file_id")
    .select(["issue.version", "issue.thumbnail_file_id", "issue.pdf_file_id", "pdf.storage_key as pdf_key"])
    .where("issue.id", "=", target.id)
    .executeTakeFirst();
  if (!current) throw new RecordNotFoundError();
  if (current.version !== target.version) throw new VersionConflictError(current.version);

  const thumbnailFileId = uploads.thumbnail
    ? (await files.store({ folder: `odaeho/${target.id}`, ...uploads.thumbnail })).id
    : current.thumbnail_file_id;

  const pdfName = odaehoPdfName(clubName, fields.title);
  let pdfFileId = current.pdf_file_id;
  if (uploads.pdf) {
    pdfFileId = (await files.store({ folder: pdfFolder(target.id, false), ...uploads.pdf, fileName: pdfName })).id;
  } else if (current.pdf_key.split("/").at(-1) !== pdfName) {
    pdfFileId = (
      await files.copy(current.pdf_file_id, {
        folder: pdfFolder(target.id, false),
        fileName: pdfName,
      })
    ).id;
  }

  await updateVersioned(trx, "odaeho_issues", target.id, target.version, {
    title: fields.title,
    description: fields.description,
    published_at: fields.publishedAt,
    thumbnail_file_id: thumbnailFileId,
    pdf_file_id: pdfFileId,
  });
  if (thumbnailFileId !== current.thumbnail_file_id) await files.remove(current.thumbnail_file_id);
  if (pdfFileId !== current.pdf_file_id) await files.remove(current.pdf_file_id);
}

/** Deletes an issue with its cover and its PDF. */
export async function deleteIssue(trx: Db, files: FileChanges, target: RecordTarget) {
  await deleteRecordWithFiles(trx, files, "odaeho_issues", target, ["thumbnail_file_id", "pdf_file_id"]);
}

/** Puts the issues in the manager's order (the public archive shows them so). */
export async function reorderIssues(trx: Db, order: OrderForm & { from: number }): Promise<void> {
  await reorderPage(trx, "odaeho_issues", order, order.from);
}

/** An issue's title, for the messages about it; empty when it is gone. */
export async function issueTitle(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom("odaeho_issues").select("title").where("id", "=", id).executeTakeFirst();
  return row?.title ?? "";
}

/**
 * One page of the issues for their admin page, in the managers' order, with each issue's
 * version: `search` keeps the issues whose title or description holds every word.
 */
export async function listIssuePage(
  db: Db,
  storage: FileStorage,
  query: { search: string; page: number; pageSize: number },
): Promise<ListPage<OdaehoIssue & { version: number }>> {
  const found = await findListPage(
    issuesWithFiles(db).select("issue.version").orderBy("issue.position").orderBy("issue.id"),
    { ...query, columns: ["issue.title", "issue.description"] },
  );
  return { ...found, items: found.items.map((row) => ({ ...issueOf(storage, row), version: Number(row.version) })) };
}
