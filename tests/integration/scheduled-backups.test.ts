import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, expect, test } from "vitest";
import { restoreBackup } from "#server/backup/restore.ts";
import { runScheduledBackup } from "#server/backup/schedule.ts";
import { scheduledBackupStatus } from "#server/backup/schedule-status.ts";
import type { BackupSchedule, BackupTarget } from "#server/config.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/database.ts";
import { S3Storage } from "#server/storage/s3.ts";
import { type S3rverProcess, startS3rver } from "../../scripts/lib/s3rver.ts";
import { backupTo, publicPagesOf, storedDigests } from "./support/backups.ts";
import { describeEachDatabase, engines, openTestServices } from "./support/databases.ts";

/**
 * The backups the site takes itself (BACKUP_TO): two processes on one database look at the same
 * moment and exactly one takes each day's backup, to a folder or to an S3-compatible bucket
 * (s3rver); it is read back whole, the newest BACKUP_KEEP are kept, a failure is recorded and
 * tried again, and the newest archive restores into a fresh database as the same site
 * (`npm run build` first, for the pages).
 */
const at = { hour: 4, minute: 0 };
/** 04:00:30 in Seoul on the given day of May 2031. */
const scheduledMoment = (day: number, minutesLater = 0) => new Date(Date.UTC(2031, 4, day - 1, 19, minutesLater, 30));

/** One S3-compatible server for the file, with a bucket of its own for each engine's suite. */
let s3: S3rverProcess;
const bucketOf = (engine: string) => `club-backups-${engine}`;
beforeAll(async () => {
  const [first = "sqlite", ...others] = engines;
  s3 = await startS3rver({ bucket: bucketOf(first), moreBuckets: others.map(bucketOf) });
});
afterAll(async () => {
  await s3?.stop();
});

describeEachDatabase(
  "scheduled backups",
  (services) => {
    let folder: string;
    /** The second process: its own connection to the same database. */
    let other: DatabaseHandle;
    const restored: { close(): Promise<void> }[] = [];

    beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), "club-scheduled-"));
      other = openDatabase(services().config.database);
    });
    afterAll(async () => {
      for (const site of restored) await site.close();
      await other?.close();
      await rm(folder, { recursive: true, force: true });
    });

    const bucketName = () => bucketOf(services().engine);
    const bucketSettings = () => ({
      bucket: bucketName(),
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const schedule = (target: BackupTarget, keep = 14): BackupSchedule => ({ target, at, keep });

    /** Both processes look at `now` (their clocks stand still there); answers what each did. */
    async function bothLook(plan: BackupSchedule, now: Date) {
      const second = { ...services(), db: other.db };
      const clock = () => now;
      return Promise.all([runScheduledBackup(services(), plan, clock), runScheduledBackup(second, plan, clock)]);
    }

    /** The archive restored into a fresh database and storage. */
    async function restoredSite(file: string) {
      const fresh = await openTestServices(services().engine);
      restored.push(fresh);
      const { manifest } = await restoreBackup(fresh.services, file);
      return { services: fresh.services, manifest, files: await storedDigests(fresh.services.storage) };
    }

    test("to a folder: exactly one of two processes takes the day's backup, and it restores as the same site", async () => {
      const plan = schedule({ kind: "folder", dir: path.join(folder, "daily") });
      const results = await bothLook(plan, scheduledMoment(2));
      const taken = results.filter((result) => result !== undefined);
      expect(taken).toHaveLength(1);
      const name = "club-backup-20310502-0400.tar.gz";
      expect(taken[0]).toMatchObject({ location: path.join(folder, "daily", name), removed: [] });
      expect(await readdir(path.join(folder, "daily"))).toEqual([name]);
      expect(taken[0]?.bytes).toBe((await stat(path.join(folder, "daily", name))).size);

      const rows = await services().db.selectFrom("scheduled_backups").selectAll().execute();
      expect(rows).toEqual([
        expect.objectContaining({ slot: "2031-05-01T19:00:00.000Z", status: "done", sha256: taken[0]?.sha256 }),
      ]);
      // Later that day, and after a restart, nobody takes it again.
      expect(await bothLook(plan, scheduledMoment(2, 600))).toEqual([undefined, undefined]);

      const copy = await restoredSite(path.join(folder, "daily", name));
      expect(copy.files).toEqual(await storedDigests(services().storage));
      const [pages, copyPages] = await Promise.all([publicPagesOf(services()), publicPagesOf(copy.services)]);
      expect(Object.keys(copyPages)).toEqual(Object.keys(pages));
      for (const [address, html] of Object.entries(pages)) expect(copyPages[address], address).toBe(html);
    }, 180_000);

    test("to an S3 bucket: one backup a day by one of two processes, the newest two kept, the newest restored", async () => {
      const plan = schedule({ kind: "s3", settings: bucketSettings(), prefix: "club/daily" }, 2);
      for (const day of [10, 11, 12]) {
        const results = await bothLook(plan, scheduledMoment(day));
        expect(
          results.filter((result) => result !== undefined),
          `May ${day}`,
        ).toHaveLength(1);
      }
      const bucket = new S3Storage(bucketSettings());
      try {
        const keys: string[] = [];
        for await (const object of bucket.list()) keys.push(object.key);
        expect(keys.sort()).toEqual([
          "club/daily/club-backup-20310511-0400.tar.gz",
          "club/daily/club-backup-20310512-0400.tar.gz",
        ]);

        const newest = path.join(folder, "newest.tar.gz");
        await pipeline(await bucket.get("club/daily/club-backup-20310512-0400.tar.gz"), createWriteStream(newest));
        const copy = await restoredSite(newest);
        expect(copy.files).toEqual(await storedDigests(services().storage));
        // The same rows: a backup of the restored site holds the same tables, checksum for checksum
        // (the pages were compared after the folder's restore above).
        const again = await backupTo(copy.services, path.join(folder, "again.tar.gz"));
        expect(again.tables).toEqual(copy.manifest.tables);
      } finally {
        bucket.close();
      }
      const status = await scheduledBackupStatus(services().db, { backup: plan }, scheduledMoment(12, 5));
      expect(status).toMatchObject({
        configured: true,
        target: `s3://${bucketName()}/club/daily`,
        at: "04:00",
        keep: 2,
        last: { location: `s3://${bucketName()}/club/daily/club-backup-20310512-0400.tar.gz` },
      });
      expect(status.configured && status.warning).toBeUndefined();
    }, 180_000);

    test("a failure is recorded and shown, and tried again an hour later", async () => {
      // A file where the folder should be: nothing can be written there.
      const blocked = path.join(folder, "blocked");
      await writeFile(blocked, "not a folder");
      const plan = schedule({ kind: "folder", dir: blocked });
      await expect(runScheduledBackup(services(), plan, () => scheduledMoment(20))).rejects.toThrow();
      const row = await services()
        .db.selectFrom("scheduled_backups")
        .selectAll()
        .where("slot", "=", "2031-05-19T19:00:00.000Z")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "failed", error: expect.stringMatching(/EEXIST|ENOTDIR/) });
      const status = await scheduledBackupStatus(services().db, { backup: plan }, scheduledMoment(20, 5));
      expect(status).toMatchObject({ configured: true, warning: { kind: "failed" } });

      // Not again at once; an hour after the failure, by whichever process looks first.
      expect(await bothLook(plan, scheduledMoment(20, 10))).toEqual([undefined, undefined]);
      await rm(blocked);
      const retried = await bothLook(plan, scheduledMoment(20, 70));
      expect(retried.filter((result) => result !== undefined)).toHaveLength(1);
    }, 180_000);

    test("the dashboard warns when the last backup is more than two days old, or when there is none", async () => {
      const plan = schedule({ kind: "folder", dir: path.join(folder, "daily") });
      // The last one finished on May 20 (the retry above).
      await expect(scheduledBackupStatus(services().db, { backup: plan }, scheduledMoment(21))).resolves.toMatchObject({
        warning: undefined,
      });
      await expect(scheduledBackupStatus(services().db, { backup: plan }, scheduledMoment(24))).resolves.toMatchObject({
        warning: { kind: "old", days: 3 },
      });
      const fresh = await openTestServices(services().engine);
      restored.push(fresh);
      await expect(scheduledBackupStatus(fresh.services.db, { backup: plan })).resolves.toMatchObject({
        warning: { kind: "none-yet" },
      });
      await expect(scheduledBackupStatus(fresh.services.db, {})).resolves.toEqual({ configured: false });
    });
  },
  { demo: true },
);
