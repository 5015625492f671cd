import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import { sql } from "kysely";
import type { Db } from "#server/db/database.ts";
import { storageKeysOf } from "#server/domain/files/files.ts";
import type { Services } from "#server/services.ts";
import {
  archiveWriter,
  BACKUP_FORMAT,
  FILES_PREFIX,
  lines,
  MANIFEST_NAME,
  type Manifest,
  type Spooled,
  spool,
  TABLES_PREFIX,
} from "./archive.ts";
import { columnTypes, latestMigration, normalizedRow, orderedKeys } from "./table-rows.ts";
import { type BackedUpTable, backedUpTables } from "./tables.ts";

/** Rows read per query: enough to keep the round trips few, small enough to keep memory flat. */
const PAGE_ROWS = 1000;

export type BackupServices = Pick<Services, "db" | "engine" | "storage">;

/**
 * Writes a backup of the whole site to `output`. Every backed-up table (tables.ts) is read first,
 * in one snapshot; the archive then gets every stored file the `files` rows name, the tables and
 * the manifest, in that order (a restore writes the files before the rows). Rows are read a page
 * at a time and files one at a time, each spooled through a temporary file (a tar entry needs its
 * size first), so memory stays flat however large the site is.
 */
export async function writeBackup(services: BackupServices, output: Writable): Promise<Manifest> {
  const { db, engine, storage } = services;
  const folder = await mkdtemp(path.join(tmpdir(), "club-backup-"));
  const archive = archiveWriter(output);
  try {
    const { schemaVersion, dumps } = await dumpTables(db, engine, folder);
    const files: Manifest["files"] = [];
    const filesDump = dumps.get("files");
    if (!filesDump) throw new Error("The files table was not dumped.");
    for await (const key of storedKeysOf(filesDump)) {
      const spooled = await spool(await storage.get(key), path.join(folder, "file"));
      await archive.addFile(`${FILES_PREFIX}${key}`, spooled);
      files.push({ key, bytes: spooled.bytes, sha256: spooled.sha256 });
    }
    const tables: Manifest["tables"] = [];
    for (const table of backedUpTables) {
      const dump = dumps.get(table.name) as Spooled & { rows: number };
      await archive.addFile(`${TABLES_PREFIX}${table.name}.jsonl`, dump);
      tables.push({ name: table.name, rows: dump.rows, sha256: dump.sha256 });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      engine,
      schemaVersion,
      tables,
      files,
    };
    await archive.addText(MANIFEST_NAME, `${JSON.stringify(manifest, null, 1)}\n`);
    await archive.finish();
    return manifest;
  } catch (error) {
    archive.abort(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Every backed-up table spooled to a file of its own, read in one transaction so the tables
 * agree with each other (a repeatable-read snapshot on PostgreSQL; SQLite's read transaction).
 */
async function dumpTables(db: Db, engine: BackupServices["engine"], folder: string) {
  const read = engine === "postgres" ? db.transaction().setIsolationLevel("repeatable read") : db.transaction();
  return read.execute(async (trx) => {
    const schemaVersion = await latestMigration(trx);
    const types = await columnTypes(trx);
    const collate = await textOrder(trx, engine);
    const dumps = new Map<string, Spooled & { rows: number }>();
    for (const table of backedUpTables) {
      let rows = 0;
      const spooled = await spool(
        (async function* () {
          for await (const row of tableRows(trx, table, types.get(table.name) ?? new Map(), collate)) {
            rows += 1;
            yield `${row}\n`;
          }
        })(),
        path.join(folder, `${table.name}.jsonl`),
      );
      dumps.set(table.name, { ...spooled, rows });
    }
    return { schemaVersion, dumps };
  });
}

/**
 * How text keys are ordered so that both engines list rows alike: SQLite compares bytes;
 * PostgreSQL does too under a C locale, and is told to (`collate "C"`, without its index) under
 * any other.
 */
async function textOrder(db: Db, engine: BackupServices["engine"]): Promise<string | undefined> {
  if (engine !== "postgres") return undefined;
  const { rows } = await sql<{
    bytewise: boolean;
  }>`select ('B' < 'a' and 'a b' < 'a-b' and 'a-z' < 'aa') as bytewise`.execute(db);
  return rows[0]?.bytewise ? undefined : "C";
}

/** A table's rows as normalized JSON lines, in key order, a page at a time. */
async function* tableRows(
  db: Db,
  table: BackedUpTable,
  types: Map<string, string>,
  collate: string | undefined,
): AsyncGenerator<string> {
  const keyColumns = orderedKeys(table, types, collate);
  let after: unknown[] | undefined;
  for (;;) {
    const condition = after
      ? sql`where (${sql.join(keyColumns)}) > (${sql.join(after.map((value) => sql`${value}`))})`
      : sql``;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)} ${condition}
      order by ${sql.join(keyColumns)} limit ${PAGE_ROWS}`.execute(db);
    for (const row of rows) yield normalizedRow(row, types);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_ROWS) return;
    after = table.key.map((column) => last[column]);
  }
}

/** The storage keys of every file row in a `files` dump, with its smaller copies'. */
async function* storedKeysOf(dump: Spooled): AsyncGenerator<string> {
  for await (const line of lines(createReadStream(dump.path))) {
    const row = JSON.parse(line) as { storage_key: string; variant_widths: string };
    yield* storageKeysOf(row.storage_key, JSON.parse(row.variant_widths) as number[]);
  }
}
