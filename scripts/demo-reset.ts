// `npm run demo:reset`: removes the SQLite database and the uploaded files in DATA_DIR, so the
// next `npm start` (or `npm run serve`) begins again, with the demo club (or an empty site of
// the club's own with DEMO_CONTENT=false) and a new first manager. Asks first; `-- --yes` skips
// the question (scripts). PostgreSQL is left alone: dropping a database is for its owner to do
// on purpose.
import { rm } from "node:fs/promises";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "#server/config.ts";

/** Whether a site answers on the configured port: its database must not vanish under it. */
async function siteIsRunning(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function confirmed(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^(y|yes)$/i.test((await prompt.question(question)).trim());
  } finally {
    prompt.close();
  }
}

try {
  const { values } = parseArgs({ options: { yes: { type: "boolean", default: false } } });
  const config = loadConfig();
  if (config.database.kind !== "sqlite") {
    throw new ConfigError(
      "DATABASE_URL names a PostgreSQL database: drop and create it yourself (dropdb, createdb), then start the site.",
    );
  }
  if (await siteIsRunning(config.port)) {
    throw new ConfigError(`A site answers on port ${config.port}: stop it first (Ctrl+C where it runs).`);
  }
  const { file } = config.database;
  console.log(`This deletes the database ${file} and every uploaded file in ${config.uploadsDir}.`);
  if (!values.yes && !(await confirmed("Type yes to go on: "))) {
    throw new ConfigError("Nothing was deleted (run with -- --yes to skip the question).");
  }
  for (const path of [file, `${file}-wal`, `${file}-shm`, config.uploadsDir]) {
    await rm(path, { recursive: true, force: true });
  }
  console.log(
    config.demoContent
      ? "Done. `npm start` (or `npm run serve`) adds the demo club again and prints a new account password."
      : "Done. `npm start` (or `npm run serve`) starts an empty site again (DEMO_CONTENT=false) and prints a new account password.",
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
