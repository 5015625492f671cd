// Writes a backup of the configured site (database and stored files) to one archive:
// `npm run backup -- FILE`. See docs/decisions/0032-backup-and-restore.md.
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { writeBackup } from "#server/backup/backup.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { openServices } from "#server/services.ts";

const USAGE = "Usage: npm run backup -- FILE   (for example backups/club-2026-11-25.tar.gz)";

try {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new ConfigError(USAGE);
  const target = path.resolve(file);
  // Written beside the target and renamed at the end, so a failed backup leaves no archive.
  const partial = `${target}.partial`;
  const services = await openServices(loadConfig(), createLogger("warn"), { pageCache: false });
  const started = performance.now();
  try {
    const manifest = await writeBackup(services, createWriteStream(partial, { flags: "wx" }));
    await rename(partial, target);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backed up ${rows} rows of ${manifest.tables.length} tables and ${manifest.files.length} files ` +
        `(schema ${manifest.schemaVersion}) to ${target} in ${seconds} s.`,
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await services.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
