import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { exitStatusOf, formatReport } from "#server/import/report.ts";
import { type ImportProgress, importFirebaseExport } from "#server/import/run-import.ts";
import type { Services } from "#server/services.ts";
import { type CliResult, runCli } from "../../support/admin-cli.ts";

/**
 * The example export (tests/fixtures/firebase-export, as node-firestore-import-export and
 * `gsutil -m cp -r gs://BUCKET storage` leave it) and the other shapes the same data is found
 * in, written into temporary export folders for the import command to read.
 */

export const FIXTURE_DIR = path.resolve("tests/fixtures/firebase-export");
export const BUCKET = "syntax-club-site.appspot.com";
export const ARTICLE_WITH_PHOTOS = "5f0c2a9e7d3b4c1a8e6f9d2b0a4c7e31";

/** The report's Documents section for the example export, in whatever shape it is read. */
export const EXAMPLE_DOCUMENTS = [
  "about/organization: imported: 2 organization groups, 3 organization members",
  "archive/calendar: partly imported: 4 calendar events, 1 of them skipped (below)",
  "archive/odaeho: imported: 2 odaeho issues",
  "archive/rules: imported: 1 rules",
  "community_activity_courses/2023-2학기: imported: 1 course entries",
  "community_activity_courses/2024-1학기: imported: 4 course entries",
  "community_activity_main/2023: imported: 1 main activities",
  "community_activity_main/2024: imported: 2 main activities",
  "community_feed/feed: partly imported: 5 feed items, 1 of them skipped (below)",
  `community_media/${ARTICLE_WITH_PHOTOS}: imported: 1 articles`,
  `community_media/9b1d4e7a2c5f48e0b3a6d9c2f5e8a1b4: imported: 1 articles`,
  `community_media/c3e6a9d2f5b84e1a7c0d3f6b9e2a5d87: imported: 1 articles`,
  "community_media/e4b7d0a3c6f94b2e8d1a4c7f0b3e6a95: skipped: title: 제목을 입력해 주세요.",
  "information/admission_info: imported: 1 admission info",
  "information/leaders: imported: 1 leaders",
  "information/logs: not imported: the site keeps an audit log of its own.",
  "information/periods: imported: 2 periods",
];

type Documents = Record<string, Record<string, unknown>>;
/** Collections by name, each mapping document ids to documents. */
export type Collections = Record<string, Documents>;

/** The example export's collections (a fresh copy each time: tests change them). */
export async function fixtureCollections(): Promise<Collections> {
  const json = JSON.parse(await readFile(path.join(FIXTURE_DIR, "firestore.json"), "utf8"));
  return json.__collections__ as Collections;
}

export interface ExportFolder {
  dir: string;
  remove(): Promise<void>;
}

/**
 * An export folder with these JSON files and the example's Storage files, laid out as gsutil
 * leaves them with the bucket's name as the first folder (`bucket folder`), or without it.
 */
export async function writeExport(
  files: Record<string, unknown>,
  storage: "bucket folder" | "bucket root" | "none" = "bucket folder",
): Promise<ExportFolder> {
  const dir = await mkdtemp(path.join(tmpdir(), "firebase-export-"));
  for (const [name, json] of Object.entries(files)) {
    await writeFile(path.join(dir, name), typeof json === "string" ? json : JSON.stringify(json, null, 2));
  }
  if (storage !== "none") {
    const target = path.join(FIXTURE_DIR, "storage", ...(storage === "bucket root" ? [BUCKET] : []));
    await symlink(target, path.join(dir, "storage"));
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** node-firestore-import-export's whole-database file. */
export function wrapped(collections: Record<string, unknown>) {
  return { __collections__: collections };
}

/** node-firestore-import-export run on each collection path: one file per collection, named after it. */
export function perCollection(collections: Collections): Record<string, unknown> {
  return Object.fromEntries(Object.entries(collections).map(([name, documents]) => [`${name}.json`, documents]));
}

/**
 * firestore-export-import's `backup(collection)` per collection: `{collection: {id: document}}`,
 * subcollections under `subCollection`, timestamps as the Admin SDK's JSON writes them
 * (`{_seconds, _nanoseconds}`, or `{seconds, nanoseconds}` in newer versions).
 */
export function exportImportFiles(
  collections: Collections,
  timestamps: (collection: string) => "_seconds" | "seconds",
) {
  return Object.fromEntries(
    Object.entries(collections).map(([name, documents]) => [
      `${name}.json`,
      {
        [name]: Object.fromEntries(
          Object.entries(documents).map(([id, { __collections__, ...fields }]) => [
            id,
            { ...(bareTimestamps(fields, timestamps(name)) as object), subCollection: {} },
          ]),
        ),
      },
    ]),
  );
}

function bareTimestamps(value: unknown, style: "_seconds" | "seconds"): unknown {
  if (Array.isArray(value)) return value.map((entry) => bareTimestamps(entry, style));
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  if (record.__datatype__ === "timestamp") {
    const { _seconds, _nanoseconds } = record.value as { _seconds: number; _nanoseconds: number };
    return style === "_seconds" ? { _seconds, _nanoseconds } : { seconds: _seconds, nanoseconds: _nanoseconds };
  }
  return Object.fromEntries(Object.entries(record).map(([key, entry]) => [key, bareTimestamps(entry, style)]));
}

/** The example with what it breaks on purpose mended or taken out: an export that comes over whole. */
export function mended(collections: Collections): Collections {
  const copy = structuredClone(collections);
  delete copy.community_media?.e4b7d0a3c6f94b2e8d1a4c7f0b3e6a95;
  const article = copy.community_media?.["9b1d4e7a2c5f48e0b3a6d9c2f5e8a1b4"] as { contents: string };
  article.contents = article.contents.replace(/<p><img [^>]*lost01[^>]*><\/p>/, "");
  const admission = copy.information?.admission_info as { meta: Record<string, unknown> };
  delete admission.meta.image;
  const calendar = copy.archive?.calendar as { contents: { calendar: unknown[] } };
  calendar.contents.calendar = calendar.contents.calendar.filter((entry) => typeof entry === "object");
  const feed = copy.community_feed?.feed as { items: { id: string }[] };
  feed.items = feed.items.filter((item) => item.id !== "feed-0001");
  const organization = copy.about?.organization as { groups: { members: Record<string, unknown>[] }[] };
  const member = organization.groups[0]?.members[1];
  if (member) member.imgUrl = "";
  return copy;
}

/** `npm run import:firebase -- EXPORT …` on the test database: its exit status, report and progress. */
export function runImport(database: { databaseUrl: string; dataDir: string }, args: string[]): Promise<CliResult> {
  return runCli("scripts/import-firebase.ts", database, args);
}

/** An import run in this process: the report as the command prints it, and its exit status. */
export interface ImportRun {
  code: number;
  stdout: string;
  /** Every progress step the import reported (the command prints them on standard error). */
  progress: Parameters<ImportProgress>[0][];
}

/**
 * What `npm run import:firebase -- EXPORT [--dry-run]` does once it has read its arguments
 * (scripts/import-firebase.ts), in this process: the same import, report and exit status without
 * a Node process to start. A refused import rejects with the ImportRefusedError the command
 * prints. The command itself is run by the few tests that check its arguments and its output.
 */
export async function importHere(
  services: Pick<Services, "db" | "storage" | "config">,
  exportPath: string,
  options: { dryRun?: boolean } = {},
): Promise<ImportRun> {
  const progress: ImportRun["progress"] = [];
  const report = await importFirebaseExport(services, exportPath, {
    dryRun: options.dryRun ?? false,
    onProgress: (step) => progress.push(step),
  });
  return { code: exitStatusOf(report), stdout: `${formatReport(report)}\n`, progress };
}

/** The lines of one section of a printed report ("Documents (17):" up to the blank line). */
export function reportSection(report: string, title: string): string[] {
  const lines = report.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`${title} (`));
  if (start === -1) return [];
  const end = lines.indexOf("", start);
  return lines.slice(start + 1, end === -1 ? undefined : end).map((line) => line.trim());
}
