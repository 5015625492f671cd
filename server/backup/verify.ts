import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { migrations } from "#server/db/migrations/index.ts";
import {
  BackupArchiveError,
  FILES_PREFIX,
  lines,
  MANIFEST_NAME,
  type Manifest,
  manifestSchema,
  readArchive,
  TABLES_PREFIX,
} from "./archive.ts";
import { backedUpTable, backedUpTables } from "./tables.ts";

/** The largest manifest read: one line per file, so a site of a million files still fits. */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

interface Seen {
  bytes: number;
  sha256: string;
  rows?: number;
}

/**
 * Reads the whole archive once before anything is changed: every entry's checksum (and each
 * table's row count) must match the manifest, which comes last; files come before tables, and
 * nothing is there that the manifest does not list. Answers the manifest. `file` may also be a
 * stream: a scheduled backup is read back from where it was written.
 */
export async function verifyArchive(file: string | Readable): Promise<Manifest> {
  const files = new Map<string, Seen>();
  const tables = new Map<string, Seen>();
  let manifest: Manifest | undefined;
  await readArchive(file, async (entry) => {
    if (manifest) throw new BackupArchiveError("The archive goes on after its manifest.");
    if (entry.name === MANIFEST_NAME) {
      if (entry.size > MAX_MANIFEST_BYTES) throw new BackupArchiveError("The manifest is too large.");
      manifest = parseManifest(await buffer(entry.body));
      return;
    }
    const hash = createHash("sha256");
    if (entry.name.startsWith(FILES_PREFIX)) {
      if (tables.size > 0) throw new BackupArchiveError("A file comes after the tables in the archive.");
      for await (const chunk of entry.body) hash.update(chunk);
      remember(files, entry.name.slice(FILES_PREFIX.length), { bytes: entry.size, sha256: hash.digest("hex") });
    } else if (entry.name.startsWith(TABLES_PREFIX) && entry.name.endsWith(".jsonl")) {
      let rows = 0;
      for await (const line of lines(entry.body, hash)) if (line !== "") rows += 1;
      const name = entry.name.slice(TABLES_PREFIX.length, -".jsonl".length);
      remember(tables, name, { bytes: entry.size, sha256: hash.digest("hex"), rows });
    } else {
      throw new BackupArchiveError(`The archive holds ${entry.name}, which no backup has.`);
    }
  });
  if (!manifest) throw new BackupArchiveError("The archive has no manifest: it is not a complete backup.");
  checkAgainstManifest(manifest, files, tables);
  return manifest;
}

function remember(seen: Map<string, Seen>, name: string, entry: Seen): void {
  if (seen.has(name)) throw new BackupArchiveError(`The archive holds ${name} twice.`);
  seen.set(name, entry);
}

function parseManifest(bytes: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new BackupArchiveError("The manifest is not JSON.");
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupArchiveError("The manifest is not one of this site's backups.");
  return parsed.data;
}

function checkAgainstManifest(manifest: Manifest, files: Map<string, Seen>, tables: Map<string, Seen>): void {
  if (manifest.files.length !== files.size) {
    throw new BackupArchiveError(`The manifest lists ${manifest.files.length} files; the archive holds ${files.size}.`);
  }
  for (const listed of manifest.files) {
    const seen = files.get(listed.key);
    if (!seen) throw new BackupArchiveError(`The file ${listed.key} is missing from the archive.`);
    if (seen.sha256 !== listed.sha256 || seen.bytes !== listed.bytes) {
      throw new BackupArchiveError(`The file ${listed.key} does not match its checksum: the archive is damaged.`);
    }
  }
  const expected = backedUpTables.map((table) => table.name).sort();
  const listedTables = manifest.tables.map((table) => table.name).sort();
  if (listedTables.join() !== expected.join() || tables.size !== expected.length) {
    throw new BackupArchiveError("The archive's tables are not the ones this version of the site backs up.");
  }
  for (const listed of manifest.tables) {
    const seen = tables.get(listed.name);
    if (!seen || !backedUpTable(listed.name)) throw new BackupArchiveError(`The table ${listed.name} is missing.`);
    if (seen.sha256 !== listed.sha256 || seen.rows !== listed.rows) {
      throw new BackupArchiveError(`The table ${listed.name} does not match its checksum: the archive is damaged.`);
    }
  }
}

/** The archive was made at another schema version than the database's. */
export class SchemaVersionError extends BackupArchiveError {
  override name = "SchemaVersionError";
  readonly newer: boolean;
  constructor(message: string, newer: boolean) {
    super(message);
    this.newer = newer;
  }
}

/**
 * Refuses an archive made at another schema version. A newer one holds what this version does
 * not know; an older one would need the migrations in between replayed on restored rows, which
 * they were never written for (decision 0032).
 */
export function checkSchemaVersion(manifest: Manifest, current: string): void {
  if (manifest.schemaVersion === current) return;
  const names = Object.keys(migrations);
  const older = names.includes(manifest.schemaVersion) && manifest.schemaVersion < current;
  throw new SchemaVersionError(
    older
      ? `This backup was made at an older schema (${manifest.schemaVersion}; this site is at ${current}). ` +
          "Restore it with the release of the site that made it, let that site migrate by upgrading it, then back up again."
      : `This backup was made by a newer version of the site (schema ${manifest.schemaVersion}; this site is at ${current}). ` +
          "Upgrade this site first.",
    !older,
  );
}
