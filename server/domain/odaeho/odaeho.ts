import type { Db } from "#server/db/database.ts";
import { type ImageRef, toImageRef } from "#server/domain/files/files.ts";
import type { FileStorage } from "#server/storage/storage.ts";

/** One issue of the annual magazine, with its cover and its PDF. */
export interface OdaehoIssue {
  id: string;
  title: string;
  description: string;
  publishedAt: string;
  cover: ImageRef;
  pdf: {
    url: string;
    byteSize: number;
    /** The name the PDF is saved under, e.g. "KERNEL odaeho 오대호 2026.pdf". */
    fileName: string;
  };
}

/** The issues with their covers and PDFs, to be filtered, ordered and cut by the caller. */
export function issuesWithFiles(db: Db) {
  return db
    .selectFrom("odaeho_issues as issue")
    .innerJoin("files as cover", "cover.id", "issue.thumbnail_file_id")
    .innerJoin("files as pdf", "pdf.id", "issue.pdf_file_id")
    .select([
      "issue.id",
      "issue.title",
      "issue.description",
      "issue.published_at",
      "cover.id as cover_id",
      "cover.storage_key as cover_key",
      "cover.width as cover_width",
      "cover.height as cover_height",
      "cover.variant_widths as cover_variants",
      "pdf.storage_key as pdf_key",
      "pdf.byte_size as pdf_size",
    ]);
}

export function issueOf(
  storage: FileStorage,
  row: Awaited<ReturnType<ReturnType<typeof issuesWithFiles>["execute"]>>[number],
): OdaehoIssue {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    publishedAt: row.published_at,
    cover: toImageRef(storage, {
      file_id: row.cover_id,
      storage_key: row.cover_key,
      width: row.cover_width,
      height: row.cover_height,
      variant_widths: row.cover_variants,
    }),
    pdf: {
      url: storage.publicUrl(row.pdf_key),
      byteSize: Number(row.pdf_size),
      fileName: row.pdf_key.split("/").at(-1) ?? `${row.title}.pdf`,
    },
  };
}

/** Every issue in the managers' order, with its cover and PDF in one query. */
export async function listOdaehoIssues(db: Db, storage: FileStorage): Promise<OdaehoIssue[]> {
  const rows = await issuesWithFiles(db).orderBy("issue.position").orderBy("issue.id").execute();
  return rows.map((row) => issueOf(storage, row));
}
