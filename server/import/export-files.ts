import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { acceptImage, acceptPdf } from "#server/domain/files/uploads.ts";
import type { UploadedFile } from "#server/domain/write/form-files.ts";
import { InputError } from "#server/failures.ts";
import { STORAGE_FOLDER } from "./firestore.ts";
import { storageAddress } from "./source-values.ts";

/** Why one document cannot be imported; the import goes on without it. */
export class SkipError extends Error {
  override name = "SkipError";
}

/**
 * A file the export does not have, or has in a form the upload checks refuse: the record that
 * names it comes in without it where it can (ImportContext.optional), or is skipped where the
 * site's rules need the file (a feed item is its picture).
 */
export class FileProblem extends SkipError {
  override name = "FileProblem";
  /** The file as the report names it: "gs://BUCKET/admission/image", or the address. */
  readonly file: string;
  readonly problem: string;
  constructor(file: string, problem: string) {
    super(`${file} ${problem}`);
    this.file = file;
    this.problem = problem;
  }
}

/** Firebase's bucket names: "project.appspot.com", "project.firebasestorage.app". */
const FIREBASE_BUCKET = /\.(appspot\.com|firebasestorage\.app)$/;

/**
 * The Storage files of an export. `storage/` holds the bucket's files at their bucket paths,
 * with or without the bucket's name as the first folder (`gsutil -m cp -r gs://BUCKET storage`
 * adds it, `gsutil -m cp -r "gs://BUCKET/*" storage` does not); a bucket folder right in the
 * export folder is found as well.
 */
export class ExportFiles {
  private readonly storageRoot: string;
  private bucketFolders: Promise<Map<string, string>> | undefined;

  constructor(exportPath: string) {
    this.storageRoot = path.resolve(exportPath.toLowerCase().endsWith(".json") ? path.dirname(exportPath) : exportPath);
  }

  /** The bytes behind a file address; a FileProblem when they are not there. */
  async read(address: string): Promise<{ file: string; name: string; bytes: Buffer }> {
    const at = storageAddress(address);
    if (at === undefined) throw new FileProblem(short(address), "is on another site, not in the export.");
    // Named as the bucket knows it, whichever way the copy is laid out.
    const shown = at.bucket ? `gs://${at.bucket}/${at.path}` : `${STORAGE_FOLDER}/${at.path}`;
    for (const root of await this.rootsFor(at.bucket)) {
      const file = path.resolve(root, at.path);
      // A path that climbs out of its folder names nothing of the export.
      if (!file.startsWith(root + path.sep)) throw new FileProblem(short(at.path), "is outside the export.");
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) continue;
      try {
        return { file: shown, name: path.basename(file), bytes: await readFile(file) };
      } catch (error) {
        throw new FileProblem(
          shown,
          `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
        );
      }
    }
    throw new FileProblem(shown, "is missing from the export.");
  }

  /** An image checked and prepared as an upload is (orientation, no metadata, WebP, copies). */
  async image(address: string, options?: { maxSide?: number }): Promise<UploadedFile> {
    const { file, name, bytes } = await this.read(address);
    const prepared = await checked(file, acceptImage(new File([new Uint8Array(bytes)], name), options));
    return { ...prepared, originalName: name };
  }

  /** A PDF checked as an upload is (a PDF by its bytes, no script or launch action). */
  async pdf(address: string): Promise<UploadedFile> {
    const { file, name, bytes } = await this.read(address);
    const body = await checked(file, acceptPdf(new File([new Uint8Array(bytes)], name)));
    return { extension: "pdf", contentType: "application/pdf", body, originalName: name };
  }

  /** The folders a bucket path may be under, the bucket's own folder first. */
  private async rootsFor(bucket: string | undefined): Promise<string[]> {
    this.bucketFolders ??= this.findBucketFolders();
    const folders = await this.bucketFolders;
    const storage = path.join(this.storageRoot, STORAGE_FOLDER);
    // A bucket the address names is looked for by its name, whatever the name's form.
    const named = bucket && /^[a-z0-9][a-z0-9._-]*$/i.test(bucket) && !bucket.includes("..") ? bucket : undefined;
    const own = named ? [folders.get(named) ?? path.join(storage, named), path.join(this.storageRoot, named)] : [];
    return [...new Set([...own, storage, ...folders.values()])];
  }

  /** Bucket folders: storage/BUCKET/ and EXPORT_DIR/BUCKET/, by Firebase's bucket names. */
  private async findBucketFolders(): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const parent of [path.join(this.storageRoot, STORAGE_FOLDER), this.storageRoot]) {
      const entries = await readdir(parent, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (entry.isDirectory() && FIREBASE_BUCKET.test(entry.name) && !found.has(entry.name)) {
          found.set(entry.name, path.join(parent, entry.name));
        }
      }
    }
    return found;
  }
}

async function checked<T>(file: string, check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof InputError) throw new FileProblem(file, `was refused: ${error.message}`);
    throw error;
  }
}

function short(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
