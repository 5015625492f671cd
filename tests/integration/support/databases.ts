import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import type { Config, DatabaseTarget } from "#server/config.ts";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "#server/db/database.ts";
import { PageViewLimiter } from "#server/domain/analytics/view-limiter.ts";
import { PageCache } from "#server/http/page-cache/page-cache.ts";
import { createLogger } from "#server/logger.ts";
import type { Services } from "#server/services.ts";
import { LocalDiskStorage } from "#server/storage/local-disk.ts";

/**
 * Runs a suite once per database engine: SQLite in a temporary folder always, and PostgreSQL
 * when TEST_DATABASE_URL is set (in a fresh schema of its own); TEST_ENGINES=postgres runs only
 * the latter (the CI's PostgreSQL pass, after SQLite had its own). An unreachable PostgreSQL
 * fails the suite; it is never skipped.
 */
export const engines: DatabaseTarget["kind"][] = process.env.TEST_ENGINES
  ? (process.env.TEST_ENGINES.split(",") as DatabaseTarget["kind"][])
  : process.env.TEST_DATABASE_URL
    ? ["sqlite", "postgres"]
    : ["sqlite"];

export interface TestServices extends Services {
  dataDir: string;
  /** The connection string of this suite's database (for spawned processes). */
  databaseUrl: string;
}

export function describeEachDatabase(title: string, suite: (get: () => TestServices) => void) {
  for (const engine of engines) {
    describe(`${title} [${engine}]`, () => {
      let services: TestServices | undefined;
      let teardown: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const opened = await openTestServices(engine);
        services = opened.services;
        teardown = opened.close;
      });
      afterAll(async () => {
        await teardown?.();
      });
      suite(() => {
        if (!services) throw new Error("Test services are not open yet");
        return services;
      });
    });
  }
}

export async function openTestServices(engine: DatabaseTarget["kind"]) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "club-it-"));
  let target: DatabaseTarget;
  let databaseUrl: string;
  let dropDatabase = async () => {};
  if (engine === "postgres") {
    // A database of its own per suite: suites run in parallel and must not see each other's tables.
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error("TEST_DATABASE_URL is not set");
    const name = `test_${Math.random().toString(36).slice(2, 10)}`;
    await withAdminClient(base, (client) => client.query(`create database ${name}`));
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    target = { kind: "postgres", connectionString: databaseUrl };
    dropDatabase = async () => {
      await withAdminClient(base, (client) => client.query(`drop database ${name} with (force)`));
    };
  } else {
    const file = path.join(dataDir, "club.db");
    databaseUrl = `sqlite:${file}`;
    target = { kind: "sqlite", file };
  }
  const handle: DatabaseHandle = openDatabase(target);
  await migrateToLatest(handle.db);
  const config: Config = {
    port: 3000,
    host: "127.0.0.1",
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    storage: { kind: "disk", dir: path.join(dataDir, "uploads") },
    database: target,
    siteUrl: "http://club.test",
    logLevel: "silent",
    trustProxy: false,
    workers: 1,
    pageCacheBytes: 8 * 1024 * 1024,
  };
  const pageCache = new PageCache({ maxBytes: config.pageCacheBytes });
  await pageCache.followRevision(handle.db, 500, () => undefined);
  const services: TestServices = {
    config,
    db: handle.db,
    engine,
    availability: handle.availability,
    storage: new LocalDiskStorage(config.uploadsDir),
    logger: createLogger("silent"),
    pageCache,
    viewLimiter: new PageViewLimiter(),
    dataDir,
    databaseUrl,
  };
  return {
    services,
    close: async () => {
      try {
        pageCache.stop();
        await handle.close().catch(() => undefined);
        await dropDatabase();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
