import { explainFailure } from "#server/failures.ts";
import { SkipError } from "./export-files.ts";
import { type ImportKind, importKinds } from "./items.ts";

/** What one run did: what it brought in, what an earlier run had, what it left out and why. */
export interface ImportReport {
  dryRun: boolean;
  imported: ReportedItem[];
  /** Imported by an earlier run: left as they are now (managers may have edited them). */
  alreadyImported: ReportedItem[];
  skipped: (ReportedItem & { reason: string })[];
  /** Parts of the export or the site the run did not take item by item, in a sentence each. */
  notes: string[];
  milliseconds: number;
}

export interface ReportedItem {
  source: string;
  kind: ImportKind;
  label: string;
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

/** The report as the command prints it. */
export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  const counted = (items: ReportedItem[]) => {
    const counts = new Map<ImportKind, number>();
    for (const item of items) counts.set(item.kind, (counts.get(item.kind) ?? 0) + 1);
    return [...counts].map(([kind, count]) => `${count} ${importKinds[kind].plural}`).join(", ") || "nothing";
  };
  lines.push(`${report.dryRun ? "Would import" : "Imported"}: ${counted(report.imported)}.`);
  if (report.alreadyImported.length > 0) {
    lines.push(`Already imported by an earlier run, left as they are: ${counted(report.alreadyImported)}.`);
  }
  if (report.skipped.length > 0) {
    lines.push(`Skipped ${report.skipped.length}:`);
    for (const item of report.skipped) lines.push(`  ${item.source} (${item.label}): ${item.reason}`);
  }
  for (const note of report.notes) lines.push(note);
  lines.push(
    `${report.dryRun ? "Dry run: nothing was written. " : ""}Took ${(report.milliseconds / 1000).toFixed(1)} s.`,
  );
  return lines.join("\n");
}
