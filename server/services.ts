import type { Config } from "./config.ts";
import { type DatabaseHandle, type Db, migrateToLatest, openDatabase } from "./db/database.ts";
import type { Logger } from "./logger.ts";
import { LocalDiskStorage } from "./storage/local-disk.ts";
import type { FileStorage } from "./storage/storage.ts";

/** What request handlers need from the process: handed to every loader and action via context. */
export interface Services {
  config: Config;
  db: Db;
  engine: DatabaseHandle["engine"];
  storage: FileStorage;
  logger: Logger;
}

export interface OpenedServices extends Services {
  close(): Promise<void>;
}

/** Opens the database (migrated to the newest schema) and the file storage. */
export async function openServices(config: Config, logger: Logger): Promise<OpenedServices> {
  const database = openDatabase(config.database);
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    config,
    db: database.db,
    engine: database.engine,
    storage: new LocalDiskStorage(config.uploadsDir),
    logger,
    close: () => database.close(),
  };
}
