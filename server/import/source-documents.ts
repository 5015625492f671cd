import type { FirestoreExport } from "./firestore.ts";
import { type ExportIdentity, IDENTITY_DOCUMENTS } from "./identity.ts";
import type { ImportItem } from "./items.ts";
import { type DocumentOutcome, documentOutcome, type ImportReport } from "./report.ts";

/** The documents the readers know: whole collections, or single documents of a collection. */
const known: Record<string, readonly string[] | "all"> = {
  community_media: "all",
  community_activity_courses: "all",
  community_activity_main: "all",
  information: ["periods", "leaders", "admission_info"],
  archive: ["calendar", "odaeho", "rules"],
  about: ["organization"],
  community_feed: ["feed"],
};

/**
 * What became of every document of the export, in path order: from its items' outcomes, or
 * why nothing reads it, so no document is left out of the report.
 */
export function describeDocuments(
  source: FirestoreExport,
  items: ImportItem[],
  report: Pick<ImportReport, "imported" | "alreadyImported" | "skipped" | "identity">,
  run: { identity: ExportIdentity; firstRun: boolean },
): DocumentOutcome[] {
  const byDocument = new Map(items.map((item) => [item.source, item.document]));
  const outcomes = new Map<string, Parameters<typeof documentOutcome>[1]>();
  const of = (path: string) => {
    let entry = outcomes.get(path);
    if (!entry) {
      entry = { imported: [], alreadyImported: [], skipped: [] };
      outcomes.set(path, entry);
    }
    return entry;
  };
  for (const item of report.imported) of(byDocument.get(item.source) ?? "").imported.push(item);
  for (const item of report.alreadyImported) of(byDocument.get(item.source) ?? "").alreadyImported.push(item);
  for (const item of report.skipped) of(byDocument.get(item.source) ?? "").skipped.push(item);

  const documents: DocumentOutcome[] = source.problems.map((problem) => ({
    path: problem.path,
    outcome: problem.outcome,
    detail: problem.reason,
  }));
  for (const [collection, list] of source.collections) {
    for (const document of list) {
      const path = document.path;
      if ((IDENTITY_DOCUMENTS as readonly string[]).includes(path)) {
        documents.push(identityOutcome(path, report, run));
      } else if (path === "information/logs") {
        documents.push({ path, outcome: "not imported", detail: "the site keeps an audit log of its own." });
      } else if (known[collection] === "all" || known[collection]?.includes(document.id)) {
        documents.push(documentOutcome(path, of(path)));
      } else {
        documents.push({
          path,
          outcome: "skipped",
          detail: "the original site had no such document, so nothing here reads it.",
        });
      }
    }
  }
  return documents.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function identityOutcome(
  path: string,
  report: Pick<ImportReport, "identity">,
  run: { identity: ExportIdentity; firstRun: boolean },
): DocumentOutcome {
  if (!run.firstRun) {
    return { path, outcome: "already imported", detail: "into the site settings, by an earlier run." };
  }
  const taken = (report.identity?.taken ?? []).filter((entry) => entry.from === path).map((entry) => entry.field);
  if (taken.length === 0) {
    return { path, outcome: "skipped", detail: "it holds no identity field the site settings accept (see below)." };
  }
  return { path, outcome: "merged", detail: `into the site settings: ${taken.join(", ")}.` };
}
