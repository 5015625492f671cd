import { copyFile, cp } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { Config, DatabaseTarget } from "#server/config.ts";

/**
 * Test databases, without Vitest: used by the suites (databases.ts) and by the run's setup that
 * seeds the demo club once (demo-template.ts).
 *
 * Suites run once per engine: SQLite in a temporary folder always, and PostgreSQL when
 * TEST_DATABASE_URL is set (in a database of its own); TEST_ENGINES=postgres runs only the
 * latter (the CI's PostgreSQL pass, after SQLite had its own). An unreachable PostgreSQL fails
 * the suite; it is never skipped.
 */
export const engines: DatabaseTarget["kind"][] = process.env.TEST_ENGINES
  ? (process.env.TEST_ENGINES.split(",") as DatabaseTarget["kind"][])
  : process.env.TEST_DATABASE_URL
    ? ["sqlite", "postgres"]
    : ["sqlite"];

/** The configuration of test services over `target`, with their files in `dataDir`. */
export function testConfig(dataDir: string, target: DatabaseTarget): Config {
  return {
    port: 3000,
    host: "127.0.0.1",
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    storage: { kind: "disk", dir: path.join(dataDir, "uploads") },
    database: target,
    siteUrl: "http://club.test",
    demoContent: true,
    logLevel: "silent",
    trustProxy: false,
    workers: 1,
    pageCacheBytes: 8 * 1024 * 1024,
  };
}

/** A database and uploads folder holding the seeded demo club, for suites to start from. */
export interface DemoTemplate {
  /** The SQLite file, or the PostgreSQL database's name. */
  database: string;
  uploadsDir: string;
}

export type DemoTemplates = Partial<Record<DatabaseTarget["kind"], DemoTemplate>>;

/**
 * A new database in `dataDir` (SQLite) or on the test server (PostgreSQL: a database of its own,
 * as suites run in parallel and must not see each other's tables), empty or a copy of `template`,
 * whose uploads are then copied into `dataDir/uploads` too.
 */
export async function newTestDatabase(
  engine: DatabaseTarget["kind"],
  dataDir: string,
  template?: DemoTemplate,
): Promise<{ target: DatabaseTarget; databaseUrl: string; drop(): Promise<void> }> {
  if (template) await cp(template.uploadsDir, path.join(dataDir, "uploads"), { recursive: true });
  if (engine === "sqlite") {
    const file = path.join(dataDir, "club.db");
    if (template) await copyFile(template.database, file);
    return { target: { kind: "sqlite", file }, databaseUrl: `sqlite:${file}`, drop: async () => {} };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${Math.random().toString(36).slice(2, 10)}`;
  // PostgreSQL copies a template database file by file: far quicker than seeding again.
  const from = template ? ` template ${template.database}` : "";
  await withAdminClient(base, (client) => client.query(`create database ${name}${from}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    target: { kind: "postgres", connectionString: url.toString() },
    databaseUrl: url.toString(),
    drop: () => withAdminClient(base, (client) => client.query(`drop database ${name} with (force)`)).then(() => {}),
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
