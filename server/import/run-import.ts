import { sql } from "kysely";
import { bumpContentRevision } from "#server/db/content-revision.ts";
import type { Db } from "#server/db/database.ts";
import { writeAuditLog } from "#server/domain/audit-log/audit-log.ts";
import { type FileChanges, type StoredFile, storageKeysOf, writeWithFiles } from "#server/domain/files/files.ts";
import { loadOwnSiteSettings } from "#server/domain/site-settings/identity.ts";
import { hasSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { writeSiteFrame } from "#server/seed/empty-site.ts";
import type { Services } from "#server/services.ts";
import { activityItems } from "./activities.ts";
import { articleItems } from "./articles.ts";
import { calendarItems } from "./calendar.ts";
import { courseItems } from "./courses.ts";
import { documentItems, hasLeaders, writeMissingDocuments } from "./documents.ts";
import { ExportFiles } from "./export-files.ts";
import { feedItems } from "./feed.ts";
import { documentOf, type FirestoreExport, ImportRefusedError, readFirestoreExport } from "./firestore.ts";
import { type ImportContext, type ImportItem, importKinds } from "./items.ts";
import { odaehoItems } from "./odaeho.ts";
import { organizationItems } from "./organization.ts";
import { type ImportReport, type ReportedItem, skipReason } from "./report.ts";

/** Who the audit log names for what the import wrote. */
export const IMPORT_ACTOR = "import";

/** The key the site's own starting parts (settings, home page) are recorded under. */
const SITE_SOURCE = "(site)";

/** Every content type's reader, in the order their items are written (leaders first). */
const readers = [
  documentItems,
  articleItems,
  courseItems,
  activityItems,
  odaehoItems,
  calendarItems,
  feedItems,
  organizationItems,
];

class DryRun extends Error {}

/**
 * Imports the original site's export (decision 0033) into the configured database and storage,
 * all in one transaction: every document is checked with the admin's schemas and written with
 * the admin's domain functions; one that is refused is reported and skipped, anything else
 * undoes the whole import (files included). Documents an earlier run imported are left alone.
 */
export async function importFirebaseExport(
  services: Pick<Services, "db" | "storage" | "config">,
  exportDir: string,
  options: { dryRun?: boolean } = {},
): Promise<ImportReport> {
  const started = performance.now();
  const { db, storage } = services;
  const source = await readFirestoreExport(exportDir);
  const report: ImportReport = {
    dryRun: options.dryRun ?? false,
    imported: [],
    alreadyImported: [],
    skipped: [],
    notes: unreadParts(source),
    milliseconds: 0,
  };
  const done = () => ({ ...report, milliseconds: Math.round(performance.now() - started) });

  const mapped = new Set((await db.selectFrom("imported_records").select("source").execute()).map((row) => row.source));
  const siteReady = await hasSiteSettings(db);
  if (siteReady && mapped.size === 0) {
    throw new ImportRefusedError(
      "The database already has content that did not come from an import (the demo club, or a site in use). " +
        "Import into an empty database: a new DATA_DIR, or DATABASE_URL naming an empty PostgreSQL database.",
    );
  }
  if (!siteReady && !documentOf(source, "information", "leaders")) {
    throw new ImportRefusedError(
      "The export has no information/leaders document: every page shows the leaders, so an empty site needs them.",
    );
  }

  const items = readers.flatMap((read) => read(source));
  const pending = items.filter((item) => !mapped.has(item.source));
  report.alreadyImported = items.filter((item) => mapped.has(item.source)).map(reported);
  if (siteReady && pending.length === 0) return done();

  const exportFiles = new ExportFiles(exportDir);
  try {
    await writeWithFiles(db, storage, async (trx, files) => {
      if (!siteReady) {
        await writeSiteFrame(trx);
        await remember(trx, SITE_SOURCE, "site", "site_settings");
        report.notes.push(
          "The club's identity and the home page start empty: the first manager to sign in is asked for them at /admin/setup.",
        );
      }
      const { clubName } = (await loadOwnSiteSettings(trx)).value;
      for (const item of pending) {
        const reason = await importOne(item, { trx, files, storage, exportFiles, clubName });
        if (reason === undefined) report.imported.push(reported(item));
        else report.skipped.push({ ...reported(item), reason });
      }
      if (!(await hasLeaders(trx))) {
        const why = report.skipped.find((item) => item.kind === "leaders")?.reason ?? "missing";
        throw new ImportRefusedError(
          `information/leaders could not be imported (${why}): every page shows the leaders.`,
        );
      }
      const standIns = await writeMissingDocuments(trx);
      for (const written of standIns) report.notes.push(`Not in the export, so written as a start: ${written}.`);
      // A run that only skipped what it skipped before leaves the site exactly as it was.
      if (!siteReady || standIns.length > 0 || report.imported.length > 0) {
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
 * Writes one item inside a savepoint: answers undefined when it was imported, or why it was
 * skipped, with its rows rolled back and the files it stored deleted again.
 */
async function importOne(item: ImportItem, context: Omit<ImportContext, "importedId">): Promise<string | undefined> {
  const { trx, files, storage } = context;
  const stored: StoredFile[] = [];
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
  await sql`savepoint import_item`.execute(trx);
  try {
    const id = await item.write({ ...context, files: tracked, importedId: (source) => importedId(trx, source) });
    await remember(trx, item.source, item.kind, id);
    await sql`release savepoint import_item`.execute(trx);
    return undefined;
  } catch (error) {
    const reason = skipReason(error);
    if (reason === undefined) throw error;
    await sql`rollback to savepoint import_item`.execute(trx);
    await sql`release savepoint import_item`.execute(trx);
    const keys = stored.flatMap((file) => storageKeysOf(file.storageKey, file.variantWidths));
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    return reason;
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
    await writeAuditLog(trx, {
      category,
      content: `원래 사이트(Firebase)에서 ${noun} ${count}개를 가져왔습니다`,
      actor: IMPORT_ACTOR,
    });
  }
}

function reported(item: ImportItem): ReportedItem {
  return { source: item.source, kind: item.kind, label: item.label };
}

/** The documents and collections the import knows; anything else is named in the report. */
const known: Record<string, readonly string[] | "all"> = {
  community_media: "all",
  community_activity_courses: "all",
  community_activity_main: "all",
  information: ["periods", "leaders", "admission_info"],
  archive: ["calendar", "odaeho", "rules"],
  about: ["organization"],
  community_feed: ["feed"],
};

function unreadParts(source: FirestoreExport): string[] {
  const notes: string[] = [];
  for (const [collection, documents] of source) {
    const wanted = known[collection];
    for (const document of documents) {
      if (wanted === "all" || wanted?.includes(document.id)) continue;
      notes.push(
        document.path === "information/logs"
          ? "information/logs was not imported: the site keeps an audit log of its own."
          : `${document.path} was not imported: the original site had no such document.`,
      );
    }
  }
  return notes;
}
