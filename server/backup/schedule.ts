import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { BackupSchedule } from "#server/config.ts";
import type { Db } from "#server/db/schema.ts";
import type { Services } from "#server/services.ts";
import { type BackupServices, writeBackup } from "./backup.ts";
import { type BackupDestination, openBackupDestination } from "./destinations.ts";
import { verifyArchive } from "./verify.ts";

/**
 * Backups the site takes itself, once a day at BACKUP_AT (Seoul), to BACKUP_TO. Each scheduled
 * time is a "slot"; a process that finds the latest slot without a backup claims it by adding
 * its row, so of several workers and instances exactly one takes it (the others' insert finds
 * the row there). A site that was down at that time takes the missed backup once it is up. The
 * archive is written to a temporary file, copied to the destination, read back from there and
 * checked whole (every table's and file's checksum, with the restore's own check), and only then
 * are archives past BACKUP_KEEP removed. A failed attempt is tried again an hour later.
 */

const MINUTE_MS = 60_000;
/** Seoul keeps UTC+9 all year. */
const SEOUL_OFFSET_MS = 9 * 60 * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How often a process looks for a slot to take. */
const CHECK_INTERVAL_MS = MINUTE_MS;
/** A failed attempt is taken over after this long. */
const RETRY_AFTER_MS = 60 * MINUTE_MS;
/** A claim this old that never finished belonged to a process that stopped: taken over. */
const ABANDONED_AFTER_MS = 6 * 60 * MINUTE_MS;

/** The latest scheduled time at or before `now`. */
export function latestSlot(now: Date, at: BackupSchedule["at"]): Date {
  const seoulNow = now.getTime() + SEOUL_OFFSET_MS;
  const todaysSlot = Math.floor(seoulNow / DAY_MS) * DAY_MS + (at.hour * 60 + at.minute) * MINUTE_MS;
  const slot = todaysSlot <= seoulNow ? todaysSlot : todaysSlot - DAY_MS;
  return new Date(slot - SEOUL_OFFSET_MS);
}

/** The archive's name: the slot in Seoul time, so names sort as backups were taken. */
export function archiveName(slot: Date): string {
  const seoul = new Date(slot.getTime() + SEOUL_OFFSET_MS).toISOString();
  return `club-backup-${seoul.slice(0, 10).replaceAll("-", "")}-${seoul.slice(11, 16).replace(":", "")}.tar.gz`;
}

/** Which process this is, in the row of a backup it takes. */
const thisProcess = () => `${hostname()}:${process.pid}`;

/**
 * Claims `slot` for this process: adds its row, or takes over an attempt that failed an hour ago
 * or was abandoned. Answers whether this process is the one to take the backup.
 */
export async function claimSlot(db: Db, slot: Date, now: Date): Promise<boolean> {
  const claim = { status: "running" as const, started_at: now.toISOString(), taken_by: thisProcess() };
  const added = await db
    .insertInto("scheduled_backups")
    .values({ slot: slot.toISOString(), ...claim })
    .onConflict((conflict) => conflict.column("slot").doNothing())
    .returning("slot")
    .executeTakeFirst();
  if (added) return true;
  const retryBefore = new Date(now.getTime() - RETRY_AFTER_MS).toISOString();
  const abandonedBefore = new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString();
  // One statement with its condition: of several processes taking over, one changes the row.
  const taken = await db
    .updateTable("scheduled_backups")
    .set({ ...claim, finished_at: null, error: null })
    .where("slot", "=", slot.toISOString())
    .where((row) =>
      row.or([
        row.and([row("status", "=", "failed"), row("finished_at", "<=", retryBefore)]),
        row.and([row("status", "=", "running"), row("started_at", "<=", abandonedBefore)]),
      ]),
    )
    .returning("slot")
    .executeTakeFirst();
  return taken !== undefined;
}

export interface ScheduledBackupResult {
  slot: Date;
  location: string;
  bytes: number;
  sha256: string;
  /** Older archives removed to keep BACKUP_KEEP. */
  removed: string[];
}

/**
 * Takes the backup of the latest slot when no process has: answers what it did, or undefined
 * when there was nothing to do. A failure is recorded in the slot's row and thrown. `clock`
 * tells the time (the tests' own days).
 */
export async function runScheduledBackup(
  services: BackupServices,
  schedule: BackupSchedule,
  clock: () => Date = () => new Date(),
): Promise<ScheduledBackupResult | undefined> {
  const now = clock();
  const slot = latestSlot(now, schedule.at);
  if (!(await claimSlot(services.db, slot, now))) return undefined;
  const destination = openBackupDestination(schedule.target);
  const name = archiveName(slot);
  try {
    const result = await takeBackup(services, destination, name);
    const removed = await keepNewest(destination, schedule.keep);
    await services.db
      .updateTable("scheduled_backups")
      .set({
        status: "done",
        finished_at: clock().toISOString(),
        location: destination.locationOf(name),
        bytes: result.bytes,
        sha256: result.sha256,
      })
      .where("slot", "=", slot.toISOString())
      .execute();
    return { slot, location: destination.locationOf(name), ...result, removed };
  } catch (error) {
    await services.db
      .updateTable("scheduled_backups")
      .set({ status: "failed", finished_at: clock().toISOString(), error: describeFailure(error) })
      .where("slot", "=", slot.toISOString())
      .execute()
      .catch(() => undefined);
    throw error;
  } finally {
    destination.close();
  }
}

/** Writes the archive, stores it and reads it back whole: its bytes and every checksum inside. */
async function takeBackup(services: BackupServices, destination: BackupDestination, name: string) {
  const folder = await mkdtemp(path.join(tmpdir(), "club-scheduled-backup-"));
  try {
    const file = path.join(folder, name);
    await writeBackup(services, createWriteStream(file));
    const written = await digestOf(createReadStream(file));
    await destination.store(name, file);
    const stored = await readBack(await destination.open(name));
    if (stored.sha256 !== written.sha256 || stored.bytes !== written.bytes) {
      throw new Error(`${destination.locationOf(name)} does not hold the bytes written`);
    }
    const { size } = await stat(file);
    return { bytes: size, sha256: written.sha256 };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The archive as read from its destination, checked as a restore checks it; its digest. */
async function readBack(source: Readable): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      done(null, chunk);
    },
  });
  source.once("error", (error) => counted.destroy(error));
  await verifyArchive(source.pipe(counted));
  return { bytes, sha256: hash.digest("hex") };
}

async function digestOf(source: Readable): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  await pipeline(source, async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.byteLength;
    }
  });
  return { bytes, sha256: hash.digest("hex") };
}

/** Removes all but the newest `keep` archives; answers the names removed. */
async function keepNewest(destination: BackupDestination, keep: number): Promise<string[]> {
  const names = (await destination.list()).sort();
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of removed) await destination.remove(name);
  return removed;
}

/** A failure as the row keeps it: its message, never a whole SDK error (it names the request). */
function describeFailure(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.slice(0, 500);
}

/**
 * Looks for a backup to take now and every minute, until stopped. Run by one process per
 * instance (the primary); the claim settles it between instances.
 */
export function startScheduledBackups(services: Pick<Services, "db" | "engine" | "storage" | "config" | "logger">) {
  const schedule = services.config.backup;
  if (!schedule) return () => {};
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const result = await runScheduledBackup(services, schedule);
      if (result) services.logger.info(result, "scheduled backup taken");
    } catch (error) {
      services.logger.error({ err: error }, "scheduled backup failed");
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
