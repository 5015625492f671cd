import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";
import { z } from "zod";

/**
 * The archive's shape: a gzip-compressed tar holding `files/<storage key>` for every stored
 * file, `tables/<table>.jsonl` for every table (one JSON object a line, keys sorted), and
 * `manifest.json` last, since its checksums are known only once everything else is written.
 */
export const MANIFEST_NAME = "manifest.json";
export const FILES_PREFIX = "files/";
export const TABLES_PREFIX = "tables/";
export const BACKUP_FORMAT = "club-site-backup";

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  /** The engine the backup was made from; any engine restores it. */
  engine: z.enum(["sqlite", "postgres"]),
  /** The latest migration applied to the database it was made from. */
  schemaVersion: z.string().min(1),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().min(0), sha256: sha256Schema })),
  files: z.array(z.object({ key: z.string(), bytes: z.number().int().min(0), sha256: sha256Schema })),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** What is wrong with an archive, in words for whoever restores it. */
export class BackupArchiveError extends Error {
  override name = "BackupArchiveError";
}

export interface Spooled {
  path: string;
  bytes: number;
  sha256: string;
}

/** Writes a stream to a file while counting and hashing it: tar needs each entry's size first. */
export async function spool(source: Readable | AsyncIterable<string | Uint8Array>, path: string): Promise<Spooled> {
  const hash = createHash("sha256");
  let bytes = 0;
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<string | Uint8Array>) {
      for await (const chunk of chunks) {
        const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        hash.update(buffer);
        bytes += buffer.byteLength;
        yield buffer;
      }
    },
    createWriteStream(path),
  );
  return { path, bytes, sha256: hash.digest("hex") };
}

/** A tar writer compressed into `output`; entries are added one at a time, then `finish`. */
export function archiveWriter(output: Writable) {
  const pack = tar.pack();
  const done = pipeline(Readable.from(pack), createGzip(), output);
  // Rejects as soon as the output fails (a download cancelled), so no write waits for a drain
  // that never comes; never resolves otherwise.
  const failed = done.then(() => new Promise<never>(() => {}));
  failed.catch(() => undefined);
  return {
    async addFile(name: string, spooled: Spooled): Promise<void> {
      const entry = pack.entry({ name, size: spooled.bytes, mtime: new Date(0) });
      const written = new Promise<void>((resolve, reject) => {
        entry.once("finish", () => resolve());
        entry.once("error", reject);
      });
      for await (const chunk of createReadStream(spooled.path)) {
        if (!entry.write(chunk)) await Promise.race([once(entry, "drain"), failed]);
      }
      entry.end(undefined);
      await Promise.race([written, failed]);
    },
    async addText(name: string, text: string): Promise<void> {
      const written = new Promise<void>((resolve, reject) =>
        pack.entry({ name, mtime: new Date(0) }, text, (error) => (error ? reject(error) : resolve())),
      );
      await Promise.race([written, failed]);
    },
    async finish(): Promise<void> {
      pack.finalize();
      await done;
    },
    abort(error: Error): void {
      pack.destroy(error);
      done.catch(() => undefined);
    },
  };
}

export interface ArchiveEntry {
  name: string;
  size: number;
  body: AsyncIterable<Buffer>;
}

/**
 * Reads an archive (a file, or a stream such as an object being downloaded) entry by entry:
 * `onEntry` must consume each body before the next comes. Anything that is not a
 * gzip-compressed tar of plain files is a BackupArchiveError.
 */
export async function readArchive(
  source: string | Readable,
  onEntry: (entry: ArchiveEntry) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  let fed: unknown;
  const input = typeof source === "string" ? createReadStream(source) : source;
  // Never rejects: a broken input is kept in `fed` and ends the entries below.
  const feeding = pipeline(input, createGunzip(), extract).catch((error: unknown) => {
    fed = error;
    extract.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  try {
    for await (const entry of extract) {
      if (entry.header.type !== "file") throw new BackupArchiveError(`Unexpected ${entry.header.type} in the archive.`);
      await onEntry({ name: entry.header.name, size: entry.header.size, body: entry as AsyncIterable<Buffer> });
    }
    await feeding;
    if (fed !== undefined) throw fed;
  } catch (error) {
    extract.destroy();
    await feeding;
    // The input's own failure explains more than the entries it cut off; a consumer's failure
    // (a row refused) shows up on the input only as a premature close.
    const inputFailed = fed !== undefined && (fed as { code?: string }).code !== "ERR_STREAM_PREMATURE_CLOSE";
    throw unreadable(inputFailed ? fed : error);
  }
}

function unreadable(error: unknown): unknown {
  if (error instanceof BackupArchiveError) return error;
  const code = (error as { code?: string }).code ?? "";
  const message = error instanceof Error ? error.message : String(error);
  if (["ENOENT", "EISDIR", "EACCES"].includes(code))
    return new BackupArchiveError(`Cannot read the archive: ${message}`);
  if (
    code.startsWith("Z_") ||
    code === "ERR_ENCODING_INVALID_ENCODED_DATA" ||
    /tar|header|gzip|unexpected end/i.test(message)
  ) {
    return new BackupArchiveError(`This is not a readable backup archive (a gzip-compressed tar): ${message}`);
  }
  return error;
}

/** The lines of a UTF-8 stream (a table dump), each without its newline; `hash` sees every byte. */
export async function* lines(body: AsyncIterable<Buffer>, hash?: ReturnType<typeof createHash>) {
  let rest = "";
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for await (const chunk of body) {
    hash?.update(chunk);
    const text = rest + decoder.decode(chunk, { stream: true });
    const parts = text.split("\n");
    rest = parts.pop() ?? "";
    yield* parts;
  }
  rest += decoder.decode();
  if (rest !== "") yield rest;
}
