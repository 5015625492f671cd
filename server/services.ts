import { setTimeout as sleep } from "node:timers/promises";
import { migrateDatabase } from "#server/migrate.ts";
import type { Config } from "./config.ts";
import { isDatabaseUnavailableError } from "./db/availability.ts";
import { sqliteRevisionReader } from "./db/content-revision.ts";
import { type DatabaseHandle, type Db, openDatabase } from "./db/database.ts";
import { withStartupLock } from "./db/startup-lock.ts";
import { setSecretsKey } from "./domain/accounts/secret-box.ts";
import { PageViewLimiter } from "./domain/analytics/view-limiter.ts";
import { PageCache } from "./http/page-cache/page-cache.ts";
import type { Logger } from "./logger.ts";
import { loadSecretsKey } from "./secrets-key.ts";
import { LocalDiskStorage } from "./storage/local-disk.ts";
import type { FileStorage } from "./storage/storage.ts";

/** What request handlers need from the process: handed to every loader and action via context. */
export interface Services {
  config: Config;
  db: Db;
  engine: DatabaseHandle["engine"];
  /** Whether the database answers right now (pages answer 503 while it does not). */
  availability: DatabaseHandle["availability"];
  storage: FileStorage;
  logger: Logger;
  /** Public pages rendered once; every admin write empties it (see run-write.ts). */
  pageCache: PageCache;
  /** Which page-view reports count (once per page and address in 30 minutes). */
  viewLimiter: PageViewLimiter;
}

export interface OpenedServices extends Services {
  close(): Promise<void>;
}

/** How long a starting server waits for a database that is not up yet (a container starting). */
const DATABASE_WAIT_MS = 60_000;

/** How often each process reads the content revision on PostgreSQL to follow writes made elsewhere. */
const REVISION_POLL_MS = 100;

/**
 * Opens the database (migrated to the newest schema unless `migrate` is false: workers leave that
 * to the primary), the file storage and the page cache (off in development, where pages change
 * with the code).
 */
export async function openServices(
  config: Config,
  logger: Logger,
  options: { migrate?: boolean; pageCache?: boolean } = {},
): Promise<OpenedServices> {
  // Before anything reads an authenticator app's secret (secret-box.ts).
  const secretsKey = await loadSecretsKey(config);
  setSecretsKey(secretsKey.key);
  if (secretsKey.from === "file" && secretsKey.created) {
    logger.info({ file: secretsKey.file }, "secrets key created: keep a copy apart from the backups");
  }
  const database = openDatabase(config.database, logger);
  const cacheEnabled = (options.pageCache ?? true) && config.pageCacheBytes > 0;
  let closeRevisionReader = () => {};
  const pageCache = new PageCache({ maxBytes: config.pageCacheBytes, enabled: cacheEnabled });
  try {
    if (options.migrate ?? true) {
      const applied = await migrateWhenReachable(database, logger);
      if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
    }
    if (cacheEnabled && config.database.kind === "sqlite" && config.database.file !== ":memory:") {
      const reader = sqliteRevisionReader(config.database.file);
      pageCache.followRevisionSync(reader.read);
      closeRevisionReader = reader.close;
    } else if (cacheEnabled) {
      await pageCache.followRevision(database.db, REVISION_POLL_MS, (error) =>
        database.availability.noteFailure(error),
      );
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  const storage = await openStorage(config);
  return {
    config,
    db: database.db,
    engine: database.engine,
    availability: database.availability,
    storage,
    logger,
    pageCache,
    viewLimiter: new PageViewLimiter(),
    close: () => {
      pageCache.stop();
      closeRevisionReader();
      storage.close?.();
      return database.close();
    },
  };
}

/** Said when another instance holds the start lock: this one waits for its migrations or seed. */
export function waitingForAnother(logger: Logger): void {
  logger.info("another instance is starting on this database; waiting for it");
}

/**
 * The configured file storage: the data folder, or an S3-compatible bucket. The S3 client is
 * loaded only for a bucket: its modules cost each server process some 17 MB.
 */
export async function openStorage(config: Pick<Config, "storage">): Promise<FileStorage> {
  const target = config.storage;
  if (target.kind === "disk") return new LocalDiskStorage(target.dir);
  const { S3Storage } = await import("./storage/s3.ts");
  return new S3Storage(target);
}

/**
 * Migrates, waiting (and saying so) while the database cannot be reached yet. Instances started
 * together take turns (startup-lock.ts); the later one finds nothing left to apply.
 */
async function migrateWhenReachable(database: DatabaseHandle, logger: Logger): Promise<string[]> {
  const { db, engine } = database;
  const giveUpAt = Date.now() + DATABASE_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await withStartupLock(db, engine, () => migrateDatabase(db), { onWait: () => waitingForAnother(logger) });
    } catch (error) {
      if (!isDatabaseUnavailableError(error) || Date.now() > giveUpAt) throw error;
      logger.warn({ err: error, attempt }, "database not reachable yet; trying again");
      await sleep(Math.min(5000, 500 * attempt));
    }
  }
}
