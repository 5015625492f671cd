import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { runCollecting } from "../../scripts/lib/processes.ts";

/** `npm run demo:reset`: the SQLite database and the uploads go, only when asked plainly. */
let dataDir = "";
let database = "";
let upload = "";

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "club-reset-"));
  database = path.join(dataDir, "club.db");
  upload = path.join(dataDir, "uploads/feed/photo.jpg");
  await mkdir(path.dirname(upload), { recursive: true });
  await writeFile(database, "database");
  await writeFile(`${database}-wal`, "log");
  await writeFile(upload, "photo");
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function reset(args: string[], env: NodeJS.ProcessEnv = {}) {
  // Port 1: nothing answers there, so no running site is found.
  const environment = { DATA_DIR: dataDir, DATABASE_URL: "", PORT: "1", ...env };
  return runCollecting(process.execPath, ["scripts/demo-reset.ts", ...args], { env: environment });
}

test("with --yes, removes the database and every upload, and says how to start again", async () => {
  const result = await reset(["--yes"]);
  expect(result.code, result.output).toBe(0);
  expect(result.output).toContain("npm start");
  expect(existsSync(database)).toBe(false);
  expect(existsSync(`${database}-wal`)).toBe(false);
  expect(existsSync(path.join(dataDir, "uploads"))).toBe(false);
});

test("says what the next start brings: the demo, or with DEMO_CONTENT=false an empty site", async () => {
  const demo = await reset(["--yes"], { DEMO_CONTENT: "true" });
  expect(demo.output).toContain("adds the demo club again");
  const empty = await reset(["--yes"], { DEMO_CONTENT: "false" });
  expect(empty.code, empty.output).toBe(0);
  expect(empty.output).toContain("starts an empty site again (DEMO_CONTENT=false)");
});

test("without an answer (no terminal, no --yes), deletes nothing", async () => {
  const result = await reset([]);
  expect(result.code).toBe(1);
  expect(result.output).toContain("Nothing was deleted");
  expect(existsSync(database)).toBe(true);
  expect(existsSync(upload)).toBe(true);
});

test("leaves a PostgreSQL database alone", async () => {
  const result = await reset(["--yes"], { DATABASE_URL: "postgres://club@127.0.0.1:1/club" });
  expect(result.code).toBe(1);
  expect(result.output).toContain("PostgreSQL");
  expect(existsSync(upload)).toBe(true);
});
