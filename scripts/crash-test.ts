// `npm run test:crash`: makes a few hundred writes to the built site through HTTP (articles, and
// feed posts that each store a photo), kills every server process with SIGKILL while writes are
// in flight, starts the site again on the same data and sends it the rest of the writes. Then it
// checks that every write either server acknowledged is there, that the database is intact, and
// that no stored file is missing or left without its row once the orphan sweep has run. SQLite
// by default; with TEST_DATABASE_URL (as scripts/with-postgres.sh sets it) on a new PostgreSQL
// database of that server.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import sharp from "sharp";
import type { DatabaseTarget } from "#server/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { storageKeysOf } from "#server/domain/files/files.ts";
import { STORAGE_PROBE_KEY } from "#server/domain/files/storage-probe.ts";
import { sweepOrphanFiles } from "#server/domain/files/sweep.ts";
import { LocalDiskStorage } from "#server/storage/local-disk.ts";
import { type SiteProcess, startSite } from "./lib/processes.ts";

const PLANNED_WRITES = 160;
/** The kill comes once this many writes were acknowledged, with more in flight. */
const KILL_AFTER = 60;
const CONCURRENCY = 4;
const ADMIN = { email: "crash@club.test", password: "crash-test-password" };

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (response.status !== 303 || !cookie) throw new Error(`signing in answered ${response.status}`);
  return cookie;
}

interface Acknowledged {
  type: "articles" | "feed";
  id: string;
  title: string;
}

/** The form of write number `index`: every other one is a feed post with a photo. */
function writeForm(
  index: number,
  run: string,
  photo: Buffer,
): { type: Acknowledged["type"]; title: string; form: FormData } {
  const form = new FormData();
  form.set("intent", "create");
  const title = `충돌 시험 ${run} ${index}`;
  if (index % 2 === 0) {
    form.set("title", title);
    form.set("tag", "충돌시험");
    form.set("publishedAt", "2026-01-01T09:00");
    form.set("contents", `<p>${title}: 전원이 꺼져도 저장된 글은 남아야 합니다.</p>`);
    return { type: "articles", title, form };
  }
  form.set("caption", title);
  form.set("link", "");
  form.set("postedAt", "2030-01-01");
  form.set("image", new File([new Uint8Array(photo)], `${index}.jpg`, { type: "image/jpeg" }));
  return { type: "feed", title, form };
}

/**
 * Sends writes number `from` up to PLANNED_WRITES, CONCURRENCY at a time; with `killAfter`, kills
 * the site once that many are acknowledged and stops.
 */
async function write(site: SiteProcess, cookie: string, photo: Buffer, run: string, from: number, killAfter?: number) {
  const acknowledged: Acknowledged[] = [];
  let sent = from;
  let failed = 0;
  let killing: Promise<void> | undefined;
  const worker = async () => {
    while (sent < PLANNED_WRITES && !killing) {
      const index = sent++;
      const { type, title, form } = writeForm(index, run, photo);
      try {
        const response = await fetch(`${site.url}/admin/api/${type}`, {
          method: "POST",
          headers: { cookie, origin: site.url },
          body: form,
        });
        const answer = (await response.json()) as { ok: boolean; data?: string | { id: string }; message?: string };
        // A write answers with the new record's id, or with its id and version.
        const id = typeof answer.data === "string" ? answer.data : answer.data?.id;
        if (!answer.ok || !id) throw new Error(`${response.status} ${answer.message}`);
        acknowledged.push({ type, id, title });
        if (acknowledged.length === killAfter) killing = site.kill();
      } catch (error) {
        // After the kill, writes in flight fail: they were never acknowledged. Before it, none may.
        if (!killing) throw error;
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await killing;
  return { sent, acknowledged, failed };
}

/** A new PostgreSQL database on the test server, dropped again by the returned function. */
async function newPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `crash_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database ${name} with (force)`) };
}

async function check(target: DatabaseTarget, uploadsDir: string, acknowledged: Acknowledged[]) {
  const problems: string[] = [];
  if (target.kind === "sqlite") {
    const raw = new DatabaseSync(target.file);
    const integrity = raw.prepare("pragma integrity_check").all() as { integrity_check: string }[];
    if (integrity[0]?.integrity_check !== "ok") problems.push(`integrity_check: ${JSON.stringify(integrity)}`);
    try {
      raw.exec("insert into article_search_fts(article_search_fts) values ('integrity-check')");
    } catch (error) {
      problems.push(`search index: ${(error as Error).message}`);
    }
    raw.close();
  }
  const handle = openDatabase(target);
  const storage = new LocalDiskStorage(uploadsDir);
  try {
    const db = handle.db;
    for (const { type, id, title } of acknowledged) {
      const row =
        type === "articles"
          ? await db.selectFrom("articles").select("title").where("id", "=", id).executeTakeFirst()
          : await db.selectFrom("feed_items").select("caption as title").where("id", "=", id).executeTakeFirst();
      if (row?.title !== title) problems.push(`acknowledged ${type} ${id} ('${title}') is missing`);
    }
    const rowKeys = async () => {
      const rows = await db.selectFrom("files").select(["storage_key", "variant_widths"]).execute();
      return new Set(rows.flatMap((row) => storageKeysOf(row.storage_key, JSON.parse(row.variant_widths) as number[])));
    };
    const storedKeys = async () => {
      const keys = new Set<string>();
      // The health check's probe is no upload: it has no row by design.
      for await (const object of storage.list()) if (object.key !== STORAGE_PROBE_KEY) keys.add(object.key);
      return keys;
    };
    const storedBeforeSweep = await storedKeys();
    for (const key of await rowKeys()) {
      if (!storedBeforeSweep.has(key)) problems.push(`file ${key} has a row but is not stored`);
    }
    // Files stored for writes the kill cut short have no row: the sweep removes them once they are
    // an hour old. Run it as it will run then, and nothing may be left over or removed wrongly.
    const sweep = await sweepOrphanFiles(db, storage, new Date(Date.now() + 2 * 60 * 60 * 1000));
    const expected = await rowKeys();
    const stored = await storedKeys();
    for (const key of stored) if (!expected.has(key)) problems.push(`stored file ${key} has no row after the sweep`);
    for (const key of expected) if (!stored.has(key)) problems.push(`file ${key} went missing in the sweep`);
    const feedFiles = acknowledged.filter((write) => write.type === "feed").length;
    return { problems, sweep, fileRows: expected.size, feedFiles };
  } finally {
    await handle.close();
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), "club-crash-"));
const postgres = process.env.TEST_DATABASE_URL ? await newPostgresDatabase(process.env.TEST_DATABASE_URL) : undefined;
const target: DatabaseTarget = postgres
  ? { kind: "postgres", connectionString: postgres.url }
  : { kind: "sqlite", file: path.join(dataDir, "club.db") };
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: postgres?.url ?? "",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  WORKERS: "2",
};
let exitCode = 1;
const sites: SiteProcess[] = [];
try {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3c6e71" } })
    .jpeg()
    .toBuffer();
  const run = randomBytes(3).toString("hex");
  const first = await startSite({ ...env, PORT: "0" }, { ownGroup: true });
  sites.push(first);
  const beforeKill = await write(first, await signIn(first.url), photo, run, 0, KILL_AFTER);
  const second = await startSite({ ...env, PORT: "0" }, { ownGroup: true });
  sites.push(second);
  const health = await fetch(`${second.url}/healthz`);
  if (health.status !== 200) throw new Error(`after the restart /healthz answered ${health.status}`);
  // The restarted site takes the rest of the writes.
  const afterRestart = await write(second, await signIn(second.url), photo, run, beforeKill.sent);
  await second.stop();
  const acknowledged = [...beforeKill.acknowledged, ...afterRestart.acknowledged];
  const failed = beforeKill.failed;
  const sent = afterRestart.sent;
  const result = await check(target, path.join(dataDir, "uploads"), acknowledged);
  console.log(
    [
      `engine: ${target.kind}`,
      `writes sent: ${sent} (${beforeKill.sent} before the kill), acknowledged: ${acknowledged.length}, cut short by the kill: ${failed}`,
      `file rows after the sweep: ${result.fileRows} (acknowledged feed posts: ${result.feedFiles})`,
      `orphans swept: ${result.sweep.strayFiles} stray files`,
      result.problems.length === 0 ? "every acknowledged write is there; database and files agree" : "PROBLEMS:",
      ...result.problems.slice(0, 20),
    ].join("\n"),
  );
  exitCode = result.problems.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  // Whatever went wrong, no server of this run is left behind.
  for (const site of sites) await site.kill();
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
