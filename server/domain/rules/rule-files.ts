import type { Db } from "#server/db/database.ts";
import { getRules, type Rules } from "./rules.ts";

/** A rules attachment as visitors see it: what it is, where to get it and how big it is. */
export interface RuleDownload {
  title: string;
  fileName: string;
  /** The download address, `/rules/{fileName}`. */
  href: string;
  byteSize: number;
}

/** A rules PDF located in storage, for the download route. */
export interface RuleFile {
  fileName: string;
  fileId: string;
  storageKey: string;
  byteSize: number;
}

export function ruleFileHref(fileName: string): string {
  return `/rules/${encodeURIComponent(fileName)}`;
}

/** The attachments in the managers' order, with their sizes from one query of the files. */
export async function listRuleDownloads(db: Db, attachments: Rules["attachments"]): Promise<RuleDownload[]> {
  if (attachments.length === 0) return [];
  const files = await db
    .selectFrom("files")
    .select(["id", "byte_size"])
    .where(
      "id",
      "in",
      attachments.map((attachment) => attachment.fileId),
    )
    .execute();
  const sizes = new Map(files.map((file) => [file.id, Number(file.byte_size)]));
  return attachments.flatMap((attachment) => {
    const byteSize = sizes.get(attachment.fileId);
    if (byteSize === undefined) return [];
    return [
      {
        title: attachment.title,
        fileName: attachment.fileName,
        href: ruleFileHref(attachment.fileName),
        byteSize,
      },
    ];
  });
}

/**
 * The stored PDF behind `/rules/{fileName}`, or undefined when no attachment has that name.
 * Names compare in Unicode normal form C, so a Hangul name typed on any system matches.
 */
export async function findRuleFile(db: Db, fileName: string): Promise<RuleFile | undefined> {
  const wanted = fileName.normalize("NFC");
  const { value } = await getRules(db);
  const attachment = value.attachments.find((candidate) => candidate.fileName.normalize("NFC") === wanted);
  if (!attachment) return undefined;
  const file = await db
    .selectFrom("files")
    .select(["storage_key", "byte_size"])
    .where("id", "=", attachment.fileId)
    .executeTakeFirst();
  if (!file) return undefined;
  return {
    fileName: attachment.fileName,
    fileId: attachment.fileId,
    storageKey: file.storage_key,
    byteSize: Number(file.byte_size),
  };
}
