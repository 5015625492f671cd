import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { restoreBackup } from "#server/backup/restore.ts";
import { loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { openServices } from "#server/services.ts";
import { S3Storage } from "#server/storage/s3.ts";
import { renderPublicSite } from "../../integration/support/backups.ts";
import { serveBuiltSite } from "../../integration/support/built-site.ts";
import { instances, logLines, openSharedDatabase } from "../support.ts";

/**
 * The backup both instances were told to take every day (BACKUP_TO, a bucket on s3rver): started
 * together on a new site, both looked for the day's backup at once and exactly one took it. Read
 * from the bucket and restored into a fresh database, it renders the same pages as the running
 * site. Runs before the other scale tests change the content (scripts/scale-test.ts).
 */
const database = openSharedDatabase();
const work = await mkdtemp(path.join(tmpdir(), "club-scale-restore-"));
const restoredName = `scale_restore_${Math.random().toString(36).slice(2, 10)}`;
const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the scale tests with npm run test:scale`);
  return value;
};

afterAll(async () => {
  await database.close();
  await adminQuery(`drop database if exists ${restoredName} with (force)`);
  await rm(work, { recursive: true, force: true });
});

async function adminQuery(query: string) {
  const client = new pg.Client({ connectionString: required("TEST_DATABASE_URL") });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

test("exactly one of the two instances took the day's backup into the bucket, read back whole", async () => {
  await expect
    .poll(
      async () =>
        (await database.db.selectFrom("scheduled_backups").select("status").execute()).map((row) => row.status),
      {
        timeout: 120_000,
        interval: 500,
      },
    )
    .toEqual(["done"]);
  const takers = [instances.a, instances.b].filter((instance) =>
    logLines(instance.log).some((line) => line.msg === "scheduled backup taken"),
  );
  expect(takers).toHaveLength(1);
  const row = await database.db.selectFrom("scheduled_backups").selectAll().executeTakeFirstOrThrow();
  expect(row.location).toMatch(
    new RegExp(`^s3://${required("SCALE_BACKUP_BUCKET")}/scheduled/club-backup-\\d{8}-\\d{4}\\.tar\\.gz$`),
  );
  expect(Number(row.bytes)).toBeGreaterThan(100_000);
});

test("the backup, read from the bucket and restored into a fresh database, renders the same pages", async () => {
  const row = await database.db.selectFrom("scheduled_backups").selectAll().executeTakeFirstOrThrow();
  const key = (row.location ?? "").replace(`s3://${required("SCALE_BACKUP_BUCKET")}/`, "");
  const bucket = new S3Storage({
    bucket: required("SCALE_BACKUP_BUCKET"),
    region: "us-east-1",
    endpoint: required("S3_ENDPOINT"),
    forcePathStyle: true,
    credentials: { accessKeyId: required("AWS_ACCESS_KEY_ID"), secretAccessKey: required("AWS_SECRET_ACCESS_KEY") },
  });
  const archive = path.join(work, "scheduled.tar.gz");
  try {
    await pipeline(await bucket.get(key), createWriteStream(archive));
  } finally {
    bucket.close();
  }

  await adminQuery(`create database ${restoredName}`);
  const url = new URL(required("TEST_DATABASE_URL"));
  url.pathname = `/${restoredName}`;
  // A site of its own: the fresh database, its files on disk.
  const config = loadConfig({ DATABASE_URL: url.toString(), DATA_DIR: path.join(work, "data"), LOG_LEVEL: "silent" });
  const restored = await openServices(config, createLogger("silent"));
  try {
    await restoreBackup(restored, archive);
    const site = await serveBuiltSite(restored);
    try {
      const [copy, live] = await Promise.all([renderPublicSite(site.base), renderPublicSite(instances.a.url)]);
      expect(Object.keys(copy)).toEqual(Object.keys(live));
      for (const [address, html] of Object.entries(live)) expect(copy[address], address).toBe(html);
    } finally {
      await site.close();
    }
  } finally {
    await restored.close();
  }
});
