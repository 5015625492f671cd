import { once } from "node:events";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, readdir, rename, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertValidKey,
  type ByteRange,
  type FileStorage,
  InvalidStorageKeyError,
  newId,
  publicUrlOf,
  StorageNotFoundError,
  type StoredFileInfo,
  type StoredObject,
} from "./storage.ts";

/** Files under one folder on local disk (by default DATA_DIR/uploads), served at `/uploads/`. */
export class LocalDiskStorage implements FileStorage {
  readonly root: string;
  readonly urlPrefix: string;

  constructor(root: string, urlPrefix = "/uploads") {
    this.root = path.resolve(root);
    this.urlPrefix = urlPrefix;
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) {
      throw new InvalidStorageKeyError(`Storage key leaves the storage folder: ${key}`);
    }
    return resolved;
  }

  async put(key: string, body: Readable | Uint8Array): Promise<{ byteSize: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write beside the target and rename, so a reader never sees half a file.
    const partial = path.join(path.dirname(target), `.partial-${newId()}`);
    try {
      const source = body instanceof Readable ? body : Readable.from([body]);
      await pipeline(source, createWriteStream(partial, { flags: "wx" }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    const { size } = await stat(target);
    return { byteSize: size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    let end = range?.end;
    if (end === undefined) {
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw new StorageNotFoundError(`No stored file: ${key}`);
      if (info.size === 0) return Readable.from([]);
      end = info.size - 1;
    }
    // A stream that knows where the file ends skips the last, empty read (as `send` does); one
    // given a range (the HTTP handler, which has the size already) is only opened.
    const stream = createReadStream(file, { start: range?.start ?? 0, end });
    try {
      await once(stream, "open");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new StorageNotFoundError(`No stored file: ${key}`);
      throw error;
    }
    return stream;
  }

  async stat(key: string): Promise<StoredFileInfo | undefined> {
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    // The weak tag Express's static files had (size and time in hex), so caches stay valid.
    const etag = `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`;
    return { size: info.size, lastModified: info.mtime, etag };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    await this.removeEmptyFolders(path.dirname(file));
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (error instanceof InvalidStorageKeyError) throw error;
      return false;
    }
  }

  async *list(): AsyncIterable<StoredObject> {
    let entries: string[];
    try {
      entries = await readdir(this.root, { recursive: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const key = entry.split(path.sep).join("/");
      if (key.split("/").some((segment) => segment.startsWith("."))) continue;
      const info = await stat(path.join(this.root, entry));
      if (info.isFile()) yield { key, lastModified: info.mtime };
    }
  }

  /** The folder can be made (again, when it was removed) and written to. */
  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  publicUrl(key: string): string {
    return publicUrlOf(this.urlPrefix, key);
  }

  private async removeEmptyFolders(folder: string): Promise<void> {
    let current = folder;
    while (current.startsWith(this.root + path.sep)) {
      if ((await readdir(current).catch(() => ["?"])).length > 0) return;
      await rmdir(current).catch(() => undefined);
      current = path.dirname(current);
    }
  }
}
