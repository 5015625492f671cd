import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";

/**
 * Where uploaded files live. Keys are made by the server (see `newStorageKey`), never taken from
 * a request, so a request cannot name a path. Local disk is the default; an object store for
 * multi-instance deployments implements the same interface.
 */
export interface FileStorage {
  /** Stores the whole stream under `key`; nothing is visible under the key until it is complete. */
  put(key: string, body: Readable | Uint8Array): Promise<{ byteSize: number }>;
  /** The stored bytes; rejects with StorageNotFoundError when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every stored file, for finding files that no row refers to. */
  list(): AsyncIterable<StoredObject>;
  /** The address a browser uses to fetch the file. */
  publicUrl(key: string): string;
}

export interface StoredObject {
  key: string;
  lastModified: Date;
}

export class StorageNotFoundError extends Error {
  override name = "StorageNotFoundError";
}

export class InvalidStorageKeyError extends Error {
  override name = "InvalidStorageKeyError";
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
