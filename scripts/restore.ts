// Restores an archive written by `npm run backup` into the configured site:
// `npm run restore -- FILE [--replace]`. The database is migrated first; without --replace it
// must hold no content and the storage no files. See docs/decisions/0032-backup-and-restore.md.
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupArchiveError } from "#server/backup/archive.ts";
import { RestoreRefusedError, restoreBackup } from "#server/backup/restore.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { secureStoredSecrets } from "#server/domain/accounts/stored-secrets.ts";
import { createLogger } from "#server/logger.ts";
import { openServices } from "#server/services.ts";

const USAGE = "Usage: npm run restore -- FILE [--replace]   (--replace empties the database and the storage first)";

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { replace: { type: "boolean", default: false } },
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new ConfigError(USAGE);
  const services = await openServices(loadConfig(), createLogger("warn"), { pageCache: false });
  const started = performance.now();
  try {
    const summary = await restoreBackup(services, path.resolve(file), { replace: values.replace });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Restored ${summary.rows} rows and ${summary.files} files from a backup of ${summary.manifest.createdAt} ` +
        `(${summary.manifest.engine}, schema ${summary.manifest.schemaVersion}) in ${seconds} s.`,
    );
    // Secrets sealed with a key this site does not hold: those apps are removed (stored-secrets.ts).
    const secrets = await secureStoredSecrets(services);
    if (secrets.removed.length > 0) {
      console.log(
        "The backup's authenticator apps were sealed with another secrets key (SECRETS_KEY or DATA_DIR/secrets.key),\n" +
          "so they were removed; these accounts sign in with their password and set the app up again:\n" +
          secrets.removed.map((email) => `  ${email}`).join("\n"),
      );
    }
  } finally {
    await services.close();
  }
} catch (error) {
  const known =
    error instanceof ConfigError || error instanceof BackupArchiveError || error instanceof RestoreRefusedError;
  console.error(known ? `Nothing was restored: ${(error as Error).message}` : error);
  process.exitCode = 1;
}
