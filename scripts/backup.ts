// Writes a backup of the configured site (database and stored files) to one archive:
// `npm run backup -- FILE`, or `-` for standard output (a container's backup written straight to
// the host, off its volumes: `docker compose exec -T app-1 node scripts/backup.ts - > club.tar.gz`).
// See docs/decisions/0032-backup-and-restore.md.
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { parseArgs } from "node:util";
import type { Manifest } from "#server/backup/archive.ts";
import { writeBackup } from "#server/backup/backup.ts";
import { commandLineBackup } from "#server/backup/endpoints.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { recordDone } from "#server/domain/write/run-write.ts";
import { createLogger } from "#server/logger.ts";
import { openServices } from "#server/services.ts";

const USAGE = "Usage: npm run backup -- FILE   (for example backups/club-2026-11-25.tar.gz, or - for standard output)";

try {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new ConfigError(USAGE);
  if (file === "-" && process.stdout.isTTY) {
    throw new ConfigError("Standard output is a terminal: send it to a file (… backup.ts - > club.tar.gz).");
  }
  // Nothing but the archive may reach standard output: the log is silent then.
  const services = await openServices(loadConfig(), createLogger(file === "-" ? "silent" : "warn"), {
    pageCache: false,
  });
  const started = performance.now();
  try {
    const { manifest, target } = file === "-" ? await toStandardOutput(services) : await toFile(services, file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    // Audited like a download, so the handover page can say when the last backup was taken.
    await recordDone(services, "system", commandLineBackup, manifest);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    // A backup sent to standard output says so on standard error, so its bytes stay clean.
    (file === "-" ? console.error : console.log)(
      `Backed up ${rows} rows of ${manifest.tables.length} tables and ${manifest.files.length} files ` +
        `(schema ${manifest.schemaVersion}) to ${target} in ${seconds} s.`,
    );
  } finally {
    await services.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}

type Services = Parameters<typeof writeBackup>[0];

/** Written beside the target and renamed at the end, so a failed backup leaves no archive. */
async function toFile(services: Services, file: string): Promise<{ manifest: Manifest; target: string }> {
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  try {
    const manifest = await writeBackup(services, createWriteStream(partial, { flags: "wx" }));
    await rename(partial, target);
    return { manifest, target };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Standard output is never ended by the archive (it cannot be closed); every byte is out first. */
async function toStandardOutput(services: Services): Promise<{ manifest: Manifest; target: string }> {
  const output = new PassThrough();
  output.pipe(process.stdout as Writable, { end: false });
  const manifest = await writeBackup(services, output);
  await finished(output);
  return { manifest, target: "standard output" };
}
