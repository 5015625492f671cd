import { sql } from "kysely";
import { bumpContentRevision } from "#server/db/content-revision.ts";
import type { Db } from "#server/db/database.ts";
import { type FileChanges, type StoredFile, storageKeysOf, writeWithFiles } from "#server/domain/files/files.ts";
import {
  getSiteSettings,
  hasSiteSettings,
  saveSiteSettings,
  withClubIdentity,
} from "#server/domain/site-settings/site-settings.ts";
import { writeSuccessEntries } from "#server/domain/write/run-write.ts";
import { writeSiteFrame } from "#server/seed/empty-site.ts";
import type { Services } from "#server/services.ts";
import { activityItems } from "./activities.ts";
import { admissionItems } from "./admission.ts";
import { articleItems } from "./articles.ts";
import { calendarItems } from "./calendar.ts";
import { courseItems } from "./courses.ts";
import { documentItems, hasLeaders, writeMissingDocuments } from "./documents.ts";
import { ExportFiles, FileProblem } from "./export-files.ts";
import { feedItems } from "./feed.ts";
import { documentOf, ImportRefusedError, readFirestoreExport } from "./firestore.ts";
import { type ExportIdentity, readIdentity } from "./identity.ts";
import { type ImportContext, type ImportItem, type ImportKind, importKinds } from "./items.ts";
import { odaehoItems } from "./odaeho.ts";
import { organizationItems } from "./organization.ts";
import { type ImportReport, type ReportedItem, skipReason } from "./report.ts";
import { describeDocuments } from "./source-documents.ts";

/** Who the audit log names for what the import wrote. */
export const IMPORT_ACTOR = "import";

/** The key the site's own starting parts (settings, identity, home page) are recorded under. */
export const SITE_SOURCE = "(site)";

/** Every content type's reader, in the order their items are written (leaders first). */
const readers = [
  documentItems,
  admissionItems,
  articleItems,
  courseItems,
  activityItems,
  odaehoItems,
  calendarItems,
  feedItems,
  organizationItems,
];

/** How far the run is: called after each item with the count of its kind done. */
export type ImportProgress = (progress: { kind: ImportKind; done: number; total: number }) => void;

class DryRun extends Error {}

/**
 * Imports the original site's export (decision 0033) into the configured database and storage,
 * all in one transaction: every document is checked with the admin's schemas and written with
 * the admin's domain functions; one that is refused is reported and skipped, a file the export
 * lacks is left out of its record, anything else undoes the whole import (files included).
 * Documents an earlier run imported are left alone.
 */
export async function importFirebaseExport(
  services: Pick<Services, "db" | "storage" | "config">,
  exportPath: string,
  options: { dryRun?: boolean; onProgress?: ImportProgress } = {},
): Promise<ImportReport> {
  const started = performance.now();
  const { db, storage } = services;
  const source = await readFirestoreExport(exportPath);
  const found = readIdentity(source);
  const report: ImportReport = {
    dryRun: options.dryRun ?? false,
    files: source.files,
    documents: [],
    imported: [],
    alreadyImported: [],
    skipped: [],
    leftOut: [],
    choices: [],
    notes: [],
    milliseconds: 0,
  };

  const mapped = new Set((await db.selectFrom("imported_records").select("source").execute()).map((row) => row.source));
  const firstRun = !mapped.has(SITE_SOURCE);
  if (firstRun && (await hasOwnContent(db))) {
    throw new ImportRefusedError(
      "The database already has content that did not come from an import (the demo club, or a site in use). " +
        "Import into an empty database or an empty site: a new DATA_DIR, or DATABASE_URL naming an empty PostgreSQL database.",
    );
  }
  if (!(await hasLeaders(db)) && !documentOf(source, "information", "leaders")) {
    throw new ImportRefusedError(
      "The export has no information/leaders document: every page shows the leaders, so the site needs them.",
    );
  }

  const items = readers.flatMap((read) => read(source));
  const pending = items.filter((item) => !mapped.has(item.source));
  report.alreadyImported = items.filter((item) => mapped.has(item.source)).map(reported);
  const done = () => ({
    ...report,
    documents: describeDocuments(source, items, report, { identity: found, firstRun }),
    milliseconds: Math.round(performance.now() - started),
  });
  if (!firstRun && pending.length === 0) return done();

  const exportFiles = new ExportFiles(exportPath);
  const totals = new Map<ImportKind, number>();
  for (const item of pending) totals.set(item.kind, (totals.get(item.kind) ?? 0) + 1);
  const progress = new Map<ImportKind, number>();
  try {
    await writeWithFiles(db, storage, async (trx, files) => {
      let clubName = found.identity.clubName ?? "";
      const step = async (item: ImportItem) => {
        const context = { trx, files, storage, exportFiles, clubName, replaceDocuments: firstRun };
        const outcome = await importOne(item, context);
        if ("reason" in outcome) report.skipped.push({ ...reported(item), reason: outcome.reason });
        else {
          report.imported.push(reported(item));
          for (const what of outcome.leftOut) report.leftOut.push({ ...reported(item), what });
          for (const choice of item.choices ?? []) report.choices.push({ ...reported(item), choice });
        }
        const count = (progress.get(item.kind) ?? 0) + 1;
        progress.set(item.kind, count);
        options.onProgress?.({ kind: item.kind, done: count, total: totals.get(item.kind) ?? count });
      };
      // The leaders first, before any picture is drawn or read: without them the site cannot
      // start, so nothing else is worth doing.
      for (const item of pending.filter((each) => each.kind === "leaders")) await step(item);
      if (!(await hasLeaders(trx))) {
        const why = report.skipped.find((item) => item.kind === "leaders")?.reason ?? "missing";
        throw new ImportRefusedError(
          `information/leaders could not be imported (${why}): every page shows the leaders.`,
        );
      }
      if (firstRun) await takeIdentity(trx, found, report);
      clubName = (await getSiteSettings(trx)).value.clubName;
      for (const item of pending.filter((each) => each.kind !== "leaders")) await step(item);
      const standIns = await writeMissingDocuments(trx);
      for (const written of standIns) report.notes.push(`Not in the export, so written as a start: ${written}.`);
      // A run that only skipped what it skipped before leaves the site exactly as it was.
      if (firstRun || standIns.length > 0 || report.imported.length > 0) {
        await writeAuditEntries(trx, report.imported);
        await bumpContentRevision(trx);
      }
      if (report.dryRun) throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  return done();
}

/**
 * The site's own parts on the first run: an empty database gets the empty frame a site of its
 * own starts with (no identity, an empty home page), and the settings take the club's identity
 * the export has; the setup page asks the managers for the rest.
 */
async function takeIdentity(trx: Db, found: ExportIdentity, report: ImportReport): Promise<void> {
  if (!(await hasSiteSettings(trx))) {
    await writeSiteFrame(trx);
    report.notes.push(
      "The home page starts empty, and what the export lacks of the club's identity is asked for at /admin/setup.",
    );
  }
  const current = await getSiteSettings(trx);
  const { settings, missing, refused } = withClubIdentity(current.value, found.identity);
  await saveSiteSettings(trx, settings, current.version);
  await remember(trx, SITE_SOURCE, "site", "site_settings");
  report.identity = {
    taken: Object.entries(found.from)
      .filter(([field]) => !refused.some((entry) => entry.field === field))
      .map(([field, from]) => ({ field: field as keyof typeof found.from, from })),
    missing,
    refused: refused.map((entry) => `${entry.field} (${found.from[entry.field]}): ${entry.message}`),
  };
}

/** Rows of content in any list the import fills: a site that was not started empty. */
async function hasOwnContent(db: Db): Promise<boolean> {
  const tables = [
    "articles",
    "periods",
    "main_activities",
    "odaeho_issues",
    "calendar_events",
    "feed_items",
    "organization_groups",
  ] as const;
  for (const table of tables) {
    if (await db.selectFrom(table).select(sql<number>`1`.as("one")).limit(1).executeTakeFirst()) return true;
  }
  return false;
}

/**
 * Writes one item inside a savepoint: answers the parts it left out when it was imported, or
 * why it was skipped, with its rows rolled back and the files it stored deleted again.
 */
async function importOne(
  item: ImportItem,
  context: Omit<ImportContext, "importedId" | "optional">,
): Promise<{ leftOut: string[] } | { reason: string }> {
  const { trx, files, storage } = context;
  const stored: StoredFile[] = [];
  const leftOut = [...(item.leftOut ?? [])];
  const tracked: FileChanges = {
    store: async (file) => {
      const result = await files.store(file);
      stored.push(result);
      return result;
    },
    copy: async (fileId, target) => {
      const result = await files.copy(fileId, target);
      stored.push(result);
      return result;
    },
    remove: (fileId) => files.remove(fileId),
  };
  const optional = async <T>(file: Promise<T>): Promise<T | undefined> => {
    try {
      return await file;
    } catch (error) {
      if (!(error instanceof FileProblem)) throw error;
      leftOut.push(`${error.file} ${error.problem} The record came in without it.`);
      return undefined;
    }
  };
  await sql`savepoint import_item`.execute(trx);
  try {
    const id = await item.write({
      ...context,
      files: tracked,
      importedId: (source) => importedId(trx, source),
      optional,
    });
    await remember(trx, item.source, item.kind, id);
    await sql`release savepoint import_item`.execute(trx);
    return { leftOut };
  } catch (error) {
    const reason = skipReason(error);
    if (reason === undefined) throw error;
    await sql`rollback to savepoint import_item`.execute(trx);
    await sql`release savepoint import_item`.execute(trx);
    const keys = stored.flatMap((file) => storageKeysOf(file.storageKey, file.variantWidths));
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    return { reason };
  }
}

async function remember(trx: Db, source: string, kind: string, targetId: string): Promise<void> {
  await trx
    .insertInto("imported_records")
    .values({ source, kind, target_id: targetId, imported_at: new Date().toISOString() })
    .execute();
}

async function importedId(trx: Db, source: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom("imported_records")
    .select("target_id")
    .where("source", "=", source)
    .executeTakeFirst();
  return row?.target_id;
}

/** One audit entry per kind of content: "Firebase에서 게시글 12개를 가져왔습니다". */
async function writeAuditEntries(trx: Db, imported: ReportedItem[]): Promise<void> {
  const counts = new Map<ReportedItem["kind"], number>();
  for (const item of imported) counts.set(item.kind, (counts.get(item.kind) ?? 0) + 1);
  for (const [kind, count] of counts) {
    const { category, noun } = importKinds[kind];
    const success = `원래 사이트(Firebase)에서 ${noun} ${count}개를 가져왔습니다`;
    // The import keeps its own transaction (savepoints per item): its entries are the write path's.
    await writeSuccessEntries(trx, IMPORT_ACTOR, { category, success }, undefined);
  }
}

function reported(item: ImportItem): ReportedItem {
  return { source: item.source, kind: item.kind, label: item.label };
}
