import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { archiveBuildAssets } from "#server/http/asset-archive.ts";

const DAY = 24 * 60 * 60 * 1000;
let root = "";
let build = "";
let archive = "";

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "club-archive-"));
  build = path.join(root, "assets");
  archive = path.join(root, "archive");
  await mkdir(build);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function release(files: Record<string, string>) {
  await rm(build, { recursive: true, force: true });
  await mkdir(build);
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(build, name), content);
}

test("keeps every build's files until none has used them for the given days", async () => {
  const start = new Date("2026-11-01T00:00:00Z");
  await release({ "entry-aaa.js": "first", "ci-bbb.js": "ci one" });
  expect(await archiveBuildAssets(build, archive, { keepDays: 30, now: start })).toEqual({ added: 2, removed: 0 });

  // The next release shares one file and replaces the other.
  const next = new Date(start.getTime() + 2 * DAY);
  await release({ "entry-aaa.js": "first", "ci-ccc.js": "ci two" });
  expect(await archiveBuildAssets(build, archive, { keepDays: 30, now: next })).toEqual({ added: 1, removed: 0 });
  expect((await readdir(archive)).sort()).toEqual(["ci-bbb.js", "ci-ccc.js", "entry-aaa.js"]);
  await expect(readFile(path.join(archive, "ci-bbb.js"), "utf8")).resolves.toBe("ci one");

  // 30 days after its last use, the replaced file goes; the ones still in use stay, however old.
  const later = new Date(start.getTime() + 31 * DAY);
  expect(await archiveBuildAssets(build, archive, { keepDays: 30, now: later })).toEqual({ added: 0, removed: 1 });
  expect((await readdir(archive)).sort()).toEqual(["ci-ccc.js", "entry-aaa.js"]);
});

test("a file left half-copied by a crash is removed in time", async () => {
  await mkdir(archive, { recursive: true });
  const partial = path.join(archive, ".partial-0123");
  await writeFile(partial, "half");
  const old = new Date("2026-01-01T00:00:00Z");
  await utimes(partial, old, old);
  await release({ "entry-aaa.js": "first" });
  await archiveBuildAssets(build, archive, { keepDays: 30, now: new Date("2026-11-01T00:00:00Z") });
  expect(await readdir(archive)).toEqual(["entry-aaa.js"]);
});
