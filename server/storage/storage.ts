import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import mime from "mime-types";

/**
 * Where uploaded files live. Keys are made by the server (see `newStorageKey`), never taken from
 * a request, so a request cannot name a path. Local disk is the default (local-disk.ts); an
 * S3-compatible bucket (s3.ts) serves deployments of several instances. Either is served by the
 * site itself at `urlPrefix` (server/http/stored-files.ts).
 */
export interface FileStorage {
  /** Where the site serves the files: `/uploads`. */
  readonly urlPrefix: string;
  /**
   * Stores the whole stream under `key`; nothing is visible under the key until it is complete,
   * and nothing is left under it when the put fails.
   */
  put(key: string, body: Readable | Uint8Array): Promise<{ byteSize: number }>;
  /**
   * The stored bytes, or those of `range` (first and last byte, inclusive); rejects with
   * StorageNotFoundError when the key holds nothing.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size, date and version tag of a stored file; undefined when the key holds nothing. */
  stat(key: string): Promise<StoredFileInfo | undefined>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored file, for finding files that no row refers to. */
  list(): AsyncIterable<StoredObject>;
  /** The address a browser uses to fetch the file. */
  publicUrl(key: string): string;
  /**
   * Rejects, saying why, when the storage cannot be used (a bucket that does not answer, a file
   * where the uploads folder should be). Cheap: the health check asks it on every call.
   */
  check(): Promise<void>;
  /** Lets go of connections (an object store's sockets); the storage is not used afterwards. */
  close?(): void;
}

export interface StoredObject {
  key: string;
  lastModified: Date;
}

export interface ByteRange {
  start: number;
  /** The last byte, inclusive (as in HTTP's Range). */
  end: number;
}

export interface StoredFileInfo {
  size: number;
  lastModified: Date;
  /** An HTTP entity tag for these bytes, quoted (`"…"` or `W/"…"`). */
  etag: string;
}

export class StorageNotFoundError extends Error {
  override name = "StorageNotFoundError";
}

export class InvalidStorageKeyError extends Error {
  override name = "InvalidStorageKeyError";
}

/** A stored file's address under `urlPrefix`, URL-encoded per segment. */
export function publicUrlOf(urlPrefix: string, key: string): string {
  assertValidKey(key);
  return `${urlPrefix}/${key.split("/").map(encodeURIComponent).join("/")}`;
}

/** The type a file's extension names (with a charset for text), as Express's static files had it. */
export function contentTypeOf(key: string): string {
  return mime.contentType(key.slice(key.lastIndexOf("/") + 1)) || "application/octet-stream";
}

/** A fresh key: a server-chosen folder, a random id and the extension of the checked content type. */
export function newStorageKey(folder: string, extension: string): string {
  return `${folder}/${newId()}.${extension}`;
}

/** Random identifier in the spec's form: a UUID without dashes. */
export function newId(): string {
  return randomUUID().replaceAll("-", "");
}

const forbiddenCharacters = /[\p{Cc}\\:*?"<>|]/u;

/** Throws unless every segment of the key is a plain, non-dot name. */
export function assertValidKey(key: string): void {
  const segments = key.split("/");
  const valid =
    key.length > 0 &&
    key.length <= 512 &&
    segments.every(
      (segment) =>
        segment.length > 0 &&
        segment !== "." &&
        segment !== ".." &&
        !segment.startsWith(".") &&
        !forbiddenCharacters.test(segment),
    );
  if (!valid) throw new InvalidStorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
}
