// Imports the original site's export: `npm run import:firebase -- EXPORT [--dry-run]`. EXPORT is
// the export folder (its .json files and the Storage copy under storage/) or one .json file
// (README, "Importing from the original site"). Runs on the configured database and uploads
// folder. Prints the report on stdout and progress on stderr; exits 0 when everything came
// over, 1 for a partial import, 2 when nothing was imported (usage, an unreadable export, a
// refused database), 3 when the run failed part-way and was undone (server/import/report.ts).
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "#server/config.ts";
import { ImportRefusedError } from "#server/import/firestore.ts";
import { importKinds } from "#server/import/items.ts";
import { EXIT_STATUS, exitStatusOf, formatReport } from "#server/import/report.ts";
import { type ImportProgress, importFirebaseExport } from "#server/import/run-import.ts";
import { createLogger } from "#server/logger.ts";
import { openServices } from "#server/services.ts";

const USAGE = "Usage: npm run import:firebase -- EXPORT_DIR [--dry-run]";

/** A line when a kind starts, then every tenth of it (at most every 100 items), then its end. */
const printProgress: ImportProgress = ({ kind, done, total }) => {
  const step = Math.max(1, Math.min(100, Math.ceil(total / 10)));
  if (done === 1 || done % step === 0 || done === total) {
    process.stderr.write(`${importKinds[kind].plural}: ${done}/${total}\n`);
  }
};

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { "dry-run": { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  const [exportPath, ...rest] = positionals;
  if (values.help || exportPath === undefined || rest.length > 0) {
    console.log(USAGE);
    if (!values.help) process.exitCode = EXIT_STATUS.refused;
  } else {
    const config = loadConfig();
    const services = await openServices(config, createLogger("warn"), { pageCache: false });
    try {
      process.stderr.write(`Reading ${exportPath}…\n`);
      const report = await importFirebaseExport(services, exportPath, {
        dryRun: values["dry-run"] ?? false,
        onProgress: printProgress,
      });
      console.log(formatReport(report));
      process.exitCode = exitStatusOf(report);
    } finally {
      await services.close();
    }
  }
} catch (error) {
  if (error instanceof ImportRefusedError || error instanceof ConfigError) {
    console.error(`Nothing was imported. ${error.message}`);
    process.exitCode = EXIT_STATUS.refused;
  } else if (error instanceof TypeError && (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    console.error(`${error.message}\n${USAGE}`);
    process.exitCode = EXIT_STATUS.refused;
  } else {
    console.error("The import failed and was undone: nothing was imported.");
    console.error(error);
    process.exitCode = EXIT_STATUS.failed;
  }
}
