import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * The throwaway PostgreSQL server scripts/with-postgres.sh started, stopped and started again by
 * the tests that take it away from a running site (it names its programs and data folder in
 * TEST_PG_BIN and TEST_PG_DATA).
 */
export function postgresServer() {
  const bin = process.env.TEST_PG_BIN;
  const data = process.env.TEST_PG_DATA;
  if (!bin || !data) throw new Error("Run this suite through scripts/with-postgres.sh, which sets TEST_PG_BIN");
  /** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
  const pgCtl = (...args: string[]) => {
    const command = [path.join(bin, "pg_ctl"), "-D", data, ...args];
    const asPostgres = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
    const [file, ...rest] = [...asPostgres, ...command];
    execFileSync(file as string, rest, { stdio: "ignore" });
  };
  return {
    /** A fast shutdown: connections are cut at once, as when the server is stopped for real. */
    stop: () => pgCtl("-m", "fast", "-w", "stop"),
    start: () => pgCtl("-w", "start", "-l", path.join(data, "restart.log")),
  };
}
