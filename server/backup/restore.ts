import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { type ControlledTransaction, sql } from "kysely";
import { bumpContentRevision, type ContentRevision } from "#server/db/content-revision.ts";
import type { Db } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import { isPostgres, rebuildArticleIndex } from "#server/domain/articles/search-index.ts";
import { storageKeysOf } from "#server/domain/files/files.ts";
import { assertValidKey, type FileStorage } from "#server/storage/storage.ts";
import { BackupArchiveError, FILES_PREFIX, lines, type Manifest, readArchive, TABLES_PREFIX } from "./archive.ts";
import { columnTypes, latestMigration, parseRow } from "./table-rows.ts";
import { type BackedUpTable, backedUpTable, backedUpTables, type TableGroup } from "./tables.ts";
import { checkSchemaVersion, verifyArchive } from "./verify.ts";

/** The restore was refused before anything changed: the target is not empty. */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

export interface RestoreOptions {
  /** Empties the restored tables and the storage first; without it a target with content is refused. */
  replace?: boolean;
  /** The groups restored (all by default); the others stay as they are. */
  groups?: readonly TableGroup[];
  /** More work in the restore's transaction, e.g. its audit entry. */
  inTransaction?: (trx: Db, manifest: Manifest) => Promise<void>;
}

export interface RestoreSummary {
  manifest: Manifest;
  rows: number;
  files: number;
  revision: ContentRevision;
}

/** Rows inserted per statement, and the most text one statement carries. */
const BATCH_ROWS = 200;
const BATCH_CHARS = 4 * 1024 * 1024;

/** Tables that hold state tied to the accounts, emptied when the accounts are replaced. */
const ACCOUNT_STATE: readonly (keyof Database)[] = [
  "sessions",
  "known_devices",
  "sign_in_challenges",
  "sign_in_attempts",
  "account_links",
  "article_autosaves",
];

/**
 * Restores a backup archive (see backup.ts) into the database and storage `services` name, on
 * either engine. The archive is read twice: once to check every checksum and the schema version
 * before anything changes, then to apply it: the files first (removed again if the rows fail),
 * then every row in one transaction that also rebuilds the search index and raises the content
 * revision. With `replace`, files the restored rows do not name are removed once it commits.
 */
export async function restoreBackup(
  services: { db: Db; storage: FileStorage },
  file: string,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const { db, storage } = services;
  const groups = new Set<TableGroup>(options.groups ?? ["content", "accounts", "records"]);
  const manifest = await verifyArchive(file);
  checkSchemaVersion(manifest, await latestMigration(db));
  if (!options.replace) await refuseUnlessEmpty(db, storage);
  const restoring = backedUpTables.filter((table) => groups.has(table.group));
  const types = await columnTypes(db);
  const expected = new Map(manifest.tables.map((table) => [table.name, table]));
  const filesExpected = new Map(manifest.files.map((entry) => [entry.key, entry]));

  const written: string[] = [];
  // Opened at the first table, after the files are written: it never waits on the storage.
  const open: { trx?: ControlledTransaction<Database> } = {};
  let rows = 0;
  let revision: ContentRevision;
  try {
    await readArchive(file, async (entry) => {
      if (entry.name.startsWith(FILES_PREFIX)) {
        const key = entry.name.slice(FILES_PREFIX.length);
        assertValidKey(key);
        const existed = await storage.exists(key);
        const hash = createHash("sha256");
        await storage.put(key, Readable.from(hashed(entry.body, hash)));
        if (!existed) written.push(key);
        if (hash.digest("hex") !== filesExpected.get(key)?.sha256) {
          throw new BackupArchiveError(`The file ${key} changed since it was checked.`);
        }
        return;
      }
      if (!entry.name.startsWith(TABLES_PREFIX)) return void (await drain(entry.body));
      const table = backedUpTable(entry.name.slice(TABLES_PREFIX.length, -".jsonl".length));
      if (!table) throw new BackupArchiveError(`Unknown table ${entry.name}.`);
      if (!open.trx) {
        open.trx = await db.startTransaction().execute();
        await lockTables(open.trx, restoring);
        if (options.replace) await emptyTables(open.trx, restoring, groups);
      }
      const trx = open.trx;
      const hash = createHash("sha256");
      const restore = groups.has(table.group);
      const count = restore
        ? await insertRows(trx, table, lines(entry.body, hash), types.get(table.name) ?? new Map())
        : await countLines(lines(entry.body, hash));
      const listed = expected.get(table.name);
      if (hash.digest("hex") !== listed?.sha256 || count !== listed.rows) {
        throw new BackupArchiveError(`The table ${table.name} changed since it was checked.`);
      }
      if (restore) rows += count;
    });
    const trx = open.trx;
    if (!trx) throw new BackupArchiveError("The archive has no tables.");
    if (groups.has("content")) await rebuildArticleIndex(trx, { publishedOnly: true });
    await resetSequences(trx, restoring);
    revision = await bumpContentRevision(trx);
    await options.inTransaction?.(trx, manifest);
    await trx.commit().execute();
  } catch (error) {
    await open.trx
      ?.rollback()
      .execute()
      .catch(() => undefined);
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
  if (options.replace) await removeUnnamedFiles(db, storage);
  return { manifest, rows, files: manifest.files.length, revision };
}

async function* hashed(body: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>) {
  for await (const chunk of body) {
    hash.update(chunk);
    yield chunk;
  }
}

async function drain(body: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of body);
}

async function countLines(source: AsyncIterable<string>): Promise<number> {
  let count = 0;
  for await (const line of source) if (line !== "") count += 1;
  return count;
}

/** Refuses a database with any backed-up row, or a storage with any file. */
async function refuseUnlessEmpty(db: Db, storage: FileStorage): Promise<void> {
  for (const table of backedUpTables) {
    const row = await db.selectFrom(table.name).select(sql<number>`1`.as("one")).limit(1).executeTakeFirst();
    if (row) {
      throw new RestoreRefusedError(
        `The database already has content (${table.name} has rows). Restore into an empty database, or pass --replace to empty it first.`,
      );
    }
  }
  for await (const object of storage.list()) {
    throw new RestoreRefusedError(
      `The file storage already holds files (${object.key}). Restore into an empty storage, or pass --replace to empty it first.`,
    );
  }
}

/**
 * PostgreSQL: writes to the restored tables wait until the restore commits (reads go on), so no
 * write lands between emptying a table and filling it, and two restores take turns. SQLite has
 * one writer at a time already.
 */
async function lockTables(trx: Db, restoring: readonly BackedUpTable[]): Promise<void> {
  if (!isPostgres(trx)) return;
  const names = restoring.map((table) => sql.table(table.name));
  await sql`lock table ${sql.join(names)} in exclusive mode`.execute(trx);
}

/** Empties the tables about to be restored (children first) and what derives from them. */
async function emptyTables(trx: Db, restoring: readonly BackedUpTable[], groups: Set<TableGroup>): Promise<void> {
  if (groups.has("content")) {
    if (!isPostgres(trx))
      await sql`insert into article_search_fts(article_search_fts) values ('delete-all')`.execute(trx);
    await trx.deleteFrom("article_search").execute();
    await trx.deleteFrom("article_tag_counts").execute();
  }
  if (groups.has("accounts")) for (const table of ACCOUNT_STATE) await trx.deleteFrom(table).execute();
  for (const table of [...restoring].reverse()) await trx.deleteFrom(table.name).execute();
}

async function insertRows(
  trx: Db,
  table: BackedUpTable,
  source: AsyncIterable<string>,
  columns: Map<string, string>,
): Promise<number> {
  let batch: Record<string, unknown>[] = [];
  let chars = 0;
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await trx
      .insertInto(table.name)
      .values(batch as never)
      .execute();
    batch = [];
    chars = 0;
  };
  for await (const line of source) {
    if (line === "") continue;
    batch.push(parseRow(line, table.name, columns));
    chars += line.length;
    count += 1;
    if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
  }
  await flush();
  return count;
}

/** PostgreSQL: sequences behind serial or identity columns continue after the restored rows. */
async function resetSequences(trx: Db, restoring: readonly BackedUpTable[]): Promise<void> {
  if (!isPostgres(trx)) return;
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`.execute(trx);
  const names = new Set<string>(restoring.map((table) => table.name));
  for (const { table_name, column_name } of rows.filter((row) => names.has(row.table_name))) {
    await sql`select setval(pg_get_serial_sequence(${table_name}, ${column_name}),
      coalesce((select max(${sql.ref(column_name)}) from ${sql.table(table_name)}), 0) + 1, false)`.execute(trx);
  }
}

/**
 * After a replacing restore: removes stored files that no restored row names (the old site's),
 * checking the listing a batch at a time so memory stays flat.
 */
async function removeUnnamedFiles(db: Db, storage: FileStorage): Promise<void> {
  let batch: string[] = [];
  const check = async () => {
    const named = await namedKeys(db, batch);
    for (const key of batch) if (!named.has(key)) await storage.delete(key);
    batch = [];
  };
  for await (const object of storage.list()) {
    batch.push(object.key);
    if (batch.length >= 500) await check();
  }
  await check();
}

/** Which of `keys` a file row names, as its file or as one of its smaller copies. */
async function namedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const bases = keys.map((key) => key.replace(/-w\d+(\.[a-z0-9]+)?$/i, "$1"));
  const rows = await db
    .selectFrom("files")
    .select(["storage_key", "variant_widths"])
    .where("storage_key", "in", [...new Set([...keys, ...bases])])
    .execute();
  return new Set(rows.flatMap((row) => storageKeysOf(row.storage_key, JSON.parse(row.variant_widths) as number[])));
}
