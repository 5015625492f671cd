// Imports the original site's export: `npm run import:firebase -- EXPORT_DIR [--dry-run]`.
// EXPORT_DIR holds firestore.json and the Storage files under storage/ (README, "Importing from
// the original site"). Runs on the configured database and uploads folder.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "#server/config.ts";
import { ImportRefusedError } from "#server/import/firestore.ts";
import { formatReport } from "#server/import/report.ts";
import { importFirebaseExport } from "#server/import/run-import.ts";
import { createLogger } from "#server/logger.ts";
import { openServices } from "#server/services.ts";

const USAGE = "Usage: npm run import:firebase -- EXPORT_DIR [--dry-run]";

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { "dry-run": { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  const [exportDir, ...rest] = positionals;
  if (values.help || exportDir === undefined || rest.length > 0) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 1;
  } else {
    const config = loadConfig();
    const services = await openServices(config, createLogger("warn"), { pageCache: false });
    try {
      const report = await importFirebaseExport(services, exportDir, { dryRun: values["dry-run"] ?? false });
      console.log(formatReport(report));
    } finally {
      await services.close();
    }
  }
} catch (error) {
  if (error instanceof ImportRefusedError || error instanceof ConfigError) {
    console.error(`Nothing was imported. ${error.message}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
