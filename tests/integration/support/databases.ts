import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, inject } from "vitest";
import type { DatabaseTarget } from "#server/config.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/database.ts";
import { setSecretsKey } from "#server/domain/accounts/secret-box.ts";
import { PageViewLimiter } from "#server/domain/analytics/view-limiter.ts";
import { PageCache } from "#server/http/page-cache/page-cache.ts";
import { createLogger } from "#server/logger.ts";
import { migrateDatabase } from "#server/migrate.ts";
import { SECRETS_KEY_FILE } from "#server/secrets-key.ts";
import { openStorage, type Services } from "#server/services.ts";
import { type DemoTemplate, type DemoTemplates, engines, newTestDatabase, testConfig } from "./test-databases.ts";

export { engines };

/**
 * The secrets key of every suite (secret-box.ts), also written to each data folder, so the
 * command-line tools a suite starts there read the same key as the suite itself.
 */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7);
setSecretsKey(TEST_SECRETS_KEY);

export interface TestServices extends Services {
  dataDir: string;
  /** The connection string of this suite's database (for spawned processes). */
  databaseUrl: string;
}

/**
 * Runs a suite once per database engine (`engines`), each in a database of its own. With `demo`
 * the database starts with the demo club (see openTestServices). `only` narrows the engines, for
 * a suite whose checks are the same on each (`engines.slice(0, 1)`: the run's first).
 */
export function describeEachDatabase(
  title: string,
  suite: (get: () => TestServices) => void,
  options: { demo?: boolean; only?: DatabaseTarget["kind"][] } = {},
) {
  for (const engine of options.only ?? engines) {
    describe(`${title} [${engine}]`, () => {
      let services: TestServices | undefined;
      let teardown: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const opened = await openTestServices(engine, options);
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

/**
 * Services over a fresh database and data folder of their own. With `demo`, they start with the
 * demo club, copied from the one seeded for the run (demo-template.ts): seeding draws and encodes
 * every picture, seconds of work that would otherwise be repeated by every suite.
 */
export async function openTestServices(engine: DatabaseTarget["kind"], options: { demo?: boolean } = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "club-it-"));
  await writeFile(path.join(dataDir, SECRETS_KEY_FILE), TEST_SECRETS_KEY.toString("base64"), { mode: 0o600 });
  const template = options.demo ? demoTemplateOf(engine) : undefined;
  const { target, databaseUrl, drop: dropDatabase } = await newTestDatabase(engine, dataDir, template);
  const handle: DatabaseHandle = openDatabase(target);
  await migrateDatabase(handle.db);
  const config = testConfig(dataDir, target);
  const pageCache = new PageCache({ maxBytes: config.pageCacheBytes });
  await pageCache.followRevision(handle.db, 500, () => undefined);
  const services: TestServices = {
    config,
    db: handle.db,
    engine,
    availability: handle.availability,
    storage: await openStorage(config),
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

/** The demo club seeded for the run on `engine` (demo-template.ts), to copy with newTestDatabase. */
export function demoTemplateOf(engine: DatabaseTarget["kind"]): DemoTemplate {
  const template = (JSON.parse(inject("demoTemplates")) as DemoTemplates)[engine];
  if (!template) throw new Error(`No demo template was made for ${engine}`);
  return template;
}
