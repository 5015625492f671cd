import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { acceptImage, acceptPdf } from "#server/domain/files/uploads.ts";
import type { UploadedFile } from "#server/domain/write/form-files.ts";
import { InputError } from "#server/failures.ts";
import { STORAGE_FOLDER } from "./firestore.ts";

/** Why one document cannot be imported; the import goes on without it. */
export class SkipError extends Error {
  override name = "SkipError";
}

/** A download address of Firebase Storage, as the original's documents and article HTML hold them. */
const DOWNLOAD_URL = /^https:\/\/firebasestorage\.googleapis\.com\/v0\/b\/[^/]+\/o\/([^?#]+)/;

/** Every download address in a piece of HTML (its query may be written with `&amp;`). */
export const DOWNLOAD_URLS_IN_HTML = /https:\/\/firebasestorage\.googleapis\.com\/v0\/b\/[^/"'\s<>]+\/o\/[^"'\s<>)]+/g;

/**
 * The bucket path a file address names: a download URL (its path is percent-encoded in one
 * segment), a `gs://bucket/path` address, or a bucket path as it is. Undefined for other sites.
 */
export function bucketPath(address: string): string | undefined {
  const trimmed = address.trim();
  const download = DOWNLOAD_URL.exec(trimmed);
  if (download?.[1]) {
    try {
      return decodeURIComponent(download[1]);
    } catch {
      return undefined;
    }
  }
  const gs = /^gs:\/\/[^/]+\/(.+)$/.exec(trimmed);
  if (gs?.[1]) return gs[1];
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed === "") return undefined;
  return trimmed.replace(/^\/+/, "");
}

/** The Storage files of an export: `EXPORT_DIR/storage/` mirrors the bucket's paths. */
export class ExportFiles {
  private readonly root: string;

  constructor(exportDir: string) {
    this.root = path.resolve(exportDir, STORAGE_FOLDER);
  }

  /** The bytes behind a file address, with its bucket path; refused when they are not there. */
  async read(address: string): Promise<{ bucketPath: string; name: string; bytes: Buffer }> {
    const wanted = bucketPath(address);
    if (wanted === undefined) throw new SkipError(`'${short(address)}' is not a Firebase Storage address.`);
    const file = path.resolve(this.root, wanted);
    // A path that climbs out of the storage folder names nothing of the export.
    if (!file.startsWith(this.root + path.sep)) throw new SkipError(`'${short(wanted)}' is outside the export.`);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw new SkipError(`${STORAGE_FOLDER}/${wanted} is missing from the export.`);
    return { bucketPath: wanted, name: path.basename(file), bytes: await readFile(file) };
  }

  /** An image checked and prepared as an upload is (orientation, no metadata, WebP, copies). */
  async image(address: string, options?: { maxSide?: number }): Promise<UploadedFile> {
    const { bucketPath: at, name, bytes } = await this.read(address);
    const prepared = await checked(at, acceptImage(new File([new Uint8Array(bytes)], name), options));
    return { ...prepared, originalName: name };
  }

  /** A PDF checked as an upload is (a PDF by its bytes, no script or launch action). */
  async pdf(address: string): Promise<UploadedFile> {
    const { bucketPath: at, name, bytes } = await this.read(address);
    const body = await checked(at, acceptPdf(new File([new Uint8Array(bytes)], name)));
    return { extension: "pdf", contentType: "application/pdf", body, originalName: name };
  }
}

async function checked<T>(at: string, check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof InputError) throw new SkipError(`${STORAGE_FOLDER}/${at}: ${error.message}`);
    throw error;
  }
}

function short(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
