import type { IdentityField } from "#server/domain/site-settings/site-settings.ts";
import { explainFailure } from "#server/failures.ts";
import { SkipError } from "./export-files.ts";
import type { ExportShape } from "./firestore.ts";
import { type ImportKind, importKinds } from "./items.ts";

/**
 * What one run did, document by document: what it brought in, what an earlier run had, what it
 * skipped and why, the parts of records it left out (files the export lacks), the choices it
 * made for values it did not recognise, and the club's identity it found.
 */
export interface ImportReport {
  dryRun: boolean;
  /** The JSON files read and the shape each was read as. */
  files: { name: string; shape: ExportShape }[];
  /** Every document of the export, with what became of it. */
  documents: DocumentOutcome[];
  imported: ReportedItem[];
  /** Imported by an earlier run: left as they are now (managers may have edited them). */
  alreadyImported: ReportedItem[];
  skipped: (ReportedItem & { reason: string })[];
  /** Parts of imported records that did not come over: files, unreadable list entries. */
  leftOut: (ReportedItem & { what: string })[];
  choices: (ReportedItem & { choice: string })[];
  /** The identity written into the site settings (on a first run only). */
  identity?: { taken: { field: IdentityField; from: string }[]; missing: IdentityField[]; refused: string[] };
  /** What the run wrote besides the export's documents, in a sentence each. */
  notes: string[];
  milliseconds: number;
}

export interface ReportedItem {
  source: string;
  kind: ImportKind;
  label: string;
}

export type DocumentOutcome = {
  path: string;
  outcome: "imported" | "partly imported" | "already imported" | "merged" | "skipped" | "not imported";
  detail: string;
};

/**
 * The command's exit statuses: 0 when everything came over, 1 when the report lists something
 * skipped or left out (the rest was imported, or would be in a dry run), 2 when nothing was
 * imported because the command or the export cannot be used (usage, a file that is no JSON,
 * a database with other content, no leaders), 3 when the run failed part-way (the database or
 * the disk) and was undone.
 */
export const EXIT_STATUS = { complete: 0, partial: 1, refused: 2, failed: 3 } as const;

/** Whether everything of the export came over (or would, in a dry run). */
export function isComplete(report: ImportReport): boolean {
  return (
    report.skipped.length === 0 &&
    report.leftOut.length === 0 &&
    report.documents.every((document) => document.outcome !== "skipped" && document.outcome !== "partly imported")
  );
}

export function exitStatusOf(report: ImportReport): number {
  return isComplete(report) ? EXIT_STATUS.complete : EXIT_STATUS.partial;
}

/**
 * Why an item was skipped, when the error is one that skips it (the admin's own refusals:
 * a schema, a field, an upload, a record that is already there); undefined for any other error,
 * which ends the whole import.
 */
export function skipReason(error: unknown): string | undefined {
  if (error instanceof SkipError) return error.message;
  const failure = explainFailure(error);
  if (failure.kind === "conflict" && failure.stale) {
    return "the site already has this document; edit it in the admin area.";
  }
  if (failure.fieldErrors) {
    return Object.entries(failure.fieldErrors)
      .map(([fieldName, message]) => `${fieldName}: ${message}`)
      .join(" / ");
  }
  const skipped: readonly string[] = ["input", "conflict"];
  return skipped.includes(failure.kind) ? failure.message : undefined;
}

/** What became of one document, from what became of its items. */
export function documentOutcome(
  path: string,
  items: { imported: ReportedItem[]; alreadyImported: ReportedItem[]; skipped: (ReportedItem & { reason: string })[] },
): DocumentOutcome {
  const { imported, alreadyImported, skipped } = items;
  const total = imported.length + alreadyImported.length + skipped.length;
  const all = [...imported, ...alreadyImported, ...skipped];
  if (total === 0) return { path, outcome: "imported", detail: "nothing in it to bring over (no entries)" };
  if (skipped.length === total) {
    const only = skipped.length === 1 ? skipped[0] : undefined;
    return { path, outcome: "skipped", detail: only ? only.reason : `all ${counted(skipped)} skipped (below)` };
  }
  if (skipped.length > 0) {
    return { path, outcome: "partly imported", detail: `${counted(all)}, ${skipped.length} of them skipped (below)` };
  }
  if (imported.length === 0) return { path, outcome: "already imported", detail: `${counted(all)}, by an earlier run` };
  const earlier = alreadyImported.length > 0 ? `, ${alreadyImported.length} of them by an earlier run` : "";
  return { path, outcome: "imported", detail: `${counted(all)}${earlier}` };
}

function counted(items: ReportedItem[]): string {
  const counts = new Map<ImportKind, number>();
  for (const item of items) counts.set(item.kind, (counts.get(item.kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => `${count} ${importKinds[kind].plural}`).join(", ") || "nothing";
}

/** The report as the command prints it. */
export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  const section = <T>(title: string, entries: T[], line: (entry: T) => string) => {
    if (entries.length === 0) return;
    lines.push("", `${title} (${entries.length}):`, ...entries.map((entry) => `  ${line(entry)}`));
  };
  lines.push(`Read ${report.files.map((file) => `${file.name} (${shapeNames[file.shape]})`).join(", ")}.`);
  section("Documents", report.documents, (document) => `${document.path}: ${document.outcome}: ${document.detail}`);
  section("Skipped", report.skipped, (item) => `${item.source} (${item.label}): ${item.reason}`);
  section("Left out of records that came in", report.leftOut, (item) => `${item.source} (${item.label}): ${item.what}`);
  section("Values kept by a choice", report.choices, (item) => `${item.source} (${item.label}): ${item.choice}`);
  if (report.identity) {
    const { taken, missing, refused } = report.identity;
    lines.push("", "The club's identity in the site settings:");
    lines.push(
      `  taken from the export: ${taken.map((entry) => `${entry.field} (${entry.from})`).join(", ") || "nothing"}`,
    );
    for (const why of refused) lines.push(`  refused: ${why}`);
    if (missing.length > 0) {
      lines.push(
        `  not in the export: ${missing.join(", ")}: enter them at /admin/manage-settings (the demo club's name, address, e-mail and links were not kept).`,
      );
    }
  }
  if (report.notes.length > 0) lines.push("", ...report.notes);
  lines.push("", `${report.dryRun ? "Would import" : "Imported"}: ${counted(report.imported)}.`);
  if (report.alreadyImported.length > 0) {
    lines.push(`Already imported by an earlier run, left as they are: ${counted(report.alreadyImported)}.`);
  }
  const outcome = isComplete(report)
    ? "everything came over"
    : "a partial import: what the report lists as skipped or left out did not come over";
  lines.push(
    `${report.dryRun ? "Dry run: nothing was written. " : ""}Took ${(report.milliseconds / 1000).toFixed(1)} s. ` +
      `Result: ${outcome} (exit status ${exitStatusOf(report)}).`,
  );
  return lines.join("\n");
}

const shapeNames: Record<ExportShape, string> = {
  database: "a whole database with its __collections__",
  collections: "collections by name",
  documents: "one collection's documents",
};
