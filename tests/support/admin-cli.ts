import { runCollecting } from "../../scripts/lib/processes.ts";

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the managers' tool (`npm run admin -- …`, i.e. scripts/admin.ts on this Node) on
 * the database that `database` names, with `input` on its standard input.
 */
export function runAdminCli(
  database: { databaseUrl: string; dataDir: string },
  args: string[],
  input = "",
): Promise<CliResult> {
  return runCli("scripts/admin.ts", database, args, input);
}

/** Runs a command-line script on the database and data folder that `database` names. */
export function runCli(
  script: string,
  database: { databaseUrl: string; dataDir: string },
  args: string[],
  input = "",
): Promise<CliResult> {
  const env = { DATABASE_URL: database.databaseUrl, DATA_DIR: database.dataDir, ADMIN_EMAIL: "", ADMIN_PASSWORD: "" };
  return runCollecting(process.execPath, [script, ...args], { env, input });
}
