import { createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { BackupTarget } from "#server/config.ts";
import { S3Storage } from "#server/storage/s3.ts";

/**
 * Where scheduled backups are kept (BACKUP_TO): a folder, or a bucket reached with the file
 * storage's S3 client and settings. Each archive is one name (`club-backup-….tar.gz`); nothing
 * else there is listed or removed, so the folder or prefix may hold other things.
 */
export interface BackupDestination {
  /** The archive's address in words, for the log and the dashboard (never a key). */
  locationOf(name: string): string;
  /** Copies a finished archive there under `name`; nothing appears under it unless complete. */
  store(name: string, file: string): Promise<void>;
  /** Reads an archive back, as a later restore would. */
  open(name: string): Promise<Readable>;
  /** The names of the archives kept there. */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
  close(): void;
}

/** The names scheduled backups get; they sort in the order they were taken. */
export const ARCHIVE_NAME = /^club-backup-\d{8}-\d{4}\.tar\.gz$/;

export function openBackupDestination(target: BackupTarget): BackupDestination {
  return target.kind === "folder" ? folderDestination(target.dir) : bucketDestination(target);
}

function folderDestination(dir: string): BackupDestination {
  return {
    locationOf: (name) => path.join(dir, name),
    async store(name, file) {
      await mkdir(dir, { recursive: true });
      // A hidden name while it is copied, renamed once whole: never a half archive under the name.
      const partial = path.join(dir, `.${name}.partial`);
      try {
        await copyFile(file, partial);
        await rename(partial, path.join(dir, name));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    open: async (name) => createReadStream(path.join(dir, name)),
    list: async () => (await readdir(dir).catch(() => [])).filter((name) => ARCHIVE_NAME.test(name)),
    remove: (name) => rm(path.join(dir, name), { force: true }),
    close: () => {},
  };
}

function bucketDestination(target: Extract<BackupTarget, { kind: "s3" }>): BackupDestination {
  const bucket = new S3Storage(target.settings);
  const folder = target.prefix ? `${target.prefix}/` : "";
  const keyOf = (name: string) => `${folder}${name}`;
  return {
    locationOf: (name) => `s3://${target.settings.bucket}/${keyOf(name)}`,
    // Large archives go up in parts as they are read; a failed upload leaves no object.
    store: async (name, file) => void (await bucket.put(keyOf(name), createReadStream(file))),
    open: (name) => bucket.get(keyOf(name)),
    async list() {
      const names: string[] = [];
      for await (const object of bucket.list(folder || undefined)) {
        const name = object.key.slice(folder.length);
        if (ARCHIVE_NAME.test(name)) names.push(name);
      }
      return names;
    },
    remove: (name) => bucket.delete(keyOf(name)),
    close: () => bucket.close(),
  };
}
