import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer } from "../e2e/support/global-setup.ts";
import { postgresServer } from "../support/postgres-server.ts";

/**
 * The site outlives its PostgreSQL server: stopped under a running site it answers 503 with the
 * error page (and /healthz names the database), and once the server is back the same process
 * answers 200 again. Runs alone, after the other suites, against the throwaway server of
 * `npm run test:postgres`, since it stops that server.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) throw new Error("Run this suite through scripts/with-postgres.sh (npm run test:postgres)");
const postgres = postgresServer();

const databaseName = `outage_${Math.random().toString(36).slice(2, 10)}`;
let dataDir = "";
let site: Awaited<ReturnType<typeof startServer>>;

async function adminQuery(query: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await adminQuery(`create database ${databaseName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  dataDir = await mkdtemp(path.join(tmpdir(), "club-outage-"));
  site = await startServer({
    dataDir,
    databaseUrl: url.toString(),
    account: { email: "outage@club.test", password: "outage-password" },
  });
}, 180_000);

afterAll(async () => {
  await site?.stop();
  await adminQuery(`drop database if exists ${databaseName} with (force)`);
  await rm(dataDir, { recursive: true, force: true });
});

/** An address no cache has seen, so the answer is rendered from the database now. */
let visit = 0;
const freshMediaPage = () => `${site.baseURL}/community/media?search=outage-${++visit}`;

test("answers 503 while PostgreSQL is stopped and 200 again once it is back, in one process", async () => {
  expect((await fetch(freshMediaPage())).status).toBe(200);
  expect((await fetch(`${site.baseURL}/healthz`)).status).toBe(200);

  postgres.stop();
  try {
    const page = await fetch(freshMediaPage(), { headers: { accept: "text/html" } });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("잠시 이용할 수 없습니다");

    const health = await fetch(`${site.baseURL}/healthz`);
    expect(health.status).toBe(503);
    // Only the database is named: the files are still there.
    expect(await health.json()).toMatchObject({ status: "unavailable", database: "failed", storage: "ok" });

    // An admin write is refused with an answer too, not left waiting: the one write answer, in
    // Korean, as the admin pages read it (they ask for JSON), and when to try again.
    const write = await fetch(`${site.baseURL}/admin/api/feed`, {
      method: "POST",
      headers: {
        origin: site.baseURL,
        accept: "application/json",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "intent=create",
    });
    expect(write.status).toBe(503);
    expect(write.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await write.json()).toEqual({
      ok: false,
      status: 503,
      message: expect.stringMatching(/^데이터베이스에 잠시 연결할 수 없어 처리하지 못했습니다\./),
    });

    // The next requests too: refused at once while the database is known to be away.
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await fetch(freshMediaPage())).status).toBe(503);
    }
  } finally {
    postgres.start();
  }

  await expect.poll(async () => (await fetch(freshMediaPage())).status, { timeout: 20_000, interval: 200 }).toBe(200);
  const health = await fetch(`${site.baseURL}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", database: "ok", storage: "ok" });
  const page = await fetch(`${site.baseURL}/community/media?search=after-outage`);
  expect(page.status).toBe(200);
  expect(await page.text()).not.toContain("잠시 이용할 수 없습니다");
}, 120_000);

test("stops on SIGTERM while PostgreSQL is away, exiting 0 without waiting for it", async () => {
  postgres.stop();
  try {
    expect((await fetch(freshMediaPage())).status).toBe(503);
    // stop() rejects unless the process exits with 0.
    await site.stop();
  } finally {
    postgres.start();
  }
}, 60_000);
