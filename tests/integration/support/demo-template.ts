import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { DatabaseTarget } from "#server/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateDatabase } from "#server/migrate.ts";
import { seedDemoContent } from "#server/seed/seed.ts";
import { openStorage } from "#server/services.ts";
import { type DemoTemplate, type DemoTemplates, engines, newTestDatabase, testConfig } from "./test-databases.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The demo club seeded once for the run, per engine (JSON of DemoTemplates). */
    demoTemplates: string;
  }
}

/**
 * Seeds the demo club once per engine for the whole run; suites that need it start from a copy
 * (openTestServices with `demo`). The suites that test seeding itself still seed.
 */
export default async function setup(project: TestProject) {
  const root = await mkdtemp(path.join(tmpdir(), "club-demo-"));
  const templates: DemoTemplates = {};
  const drops: (() => Promise<void>)[] = [];
  // Both engines at once: each seed spends part of its time waiting on its database and files.
  await Promise.all(
    engines.map(async (engine) => {
      const dataDir = path.join(root, engine);
      await mkdir(dataDir);
      const seeded = await seedDemoTemplate(engine, dataDir);
      drops.push(seeded.drop);
      templates[engine] = seeded.template;
    }),
  );
  project.provide("demoTemplates", JSON.stringify(templates));
  return async () => {
    for (const drop of drops) await drop();
    await rm(root, { recursive: true, force: true });
  };
}

/**
 * The demo club seeded into a new database on `engine`, with its files in `dataDir`: a template
 * for test databases (newTestDatabase) and their uploads folders to start from.
 */
export async function seedDemoTemplate(
  engine: DatabaseTarget["kind"],
  dataDir: string,
): Promise<{ template: DemoTemplate; drop(): Promise<void> }> {
  const { target, drop } = await newTestDatabase(engine, dataDir);
  const handle = openDatabase(target);
  const config = testConfig(dataDir, target);
  try {
    await migrateDatabase(handle.db);
    await seedDemoContent({ db: handle.db, storage: await openStorage(config) });
  } finally {
    await handle.close();
  }
  const database = target.kind === "sqlite" ? target.file : new URL(target.connectionString).pathname.slice(1);
  return { template: { database, uploadsDir: config.uploadsDir }, drop };
}
