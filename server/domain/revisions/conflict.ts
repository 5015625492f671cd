import type { Db } from "#server/db/database.ts";
import { type FileChanges, writeWithFiles } from "#server/domain/files/files.ts";
import type { Services } from "#server/services.ts";
import type { ConflictingVersion } from "#shared/write-result.ts";
import { revisionChanges } from "./revision-changes.ts";
import { compareTexts, type History, newestRevision } from "./revisions.ts";

/**
 * What a save refused because another manager saved first shows beside the typing it kept: the
 * version stored now, who saved it and when, and how it differs from what was sent, word by word
 * as the history compares two revisions.
 *
 * What was sent is read as the state it would have written: the same command runs again over the
 * stored version, in a transaction that is always rolled back (its new files are removed with
 * it), and the history reads the record inside it. So every kind with a history gets the view
 * without saying how a form becomes a state.
 */

/** The refused change, made anew over `version` (the form read again, the command to run). */
export type Resend = (version: number) => Promise<(trx: Db, files: FileChanges) => Promise<unknown>>;

/** Carries the state out of a transaction that must not commit. */
class RolledBack extends Error {
  readonly state: unknown;
  constructor(state: unknown) {
    super("rolled back on purpose");
    this.state = state;
  }
}

export async function conflictingVersion(
  services: Pick<Services, "db" | "storage" | "logger">,
  history: History,
  id: string,
  resend: Resend,
): Promise<ConflictingVersion | undefined> {
  const stored = await history.read(services.db, id);
  if (!stored) return undefined;
  let sent: unknown;
  try {
    const change = await resend(stored.version);
    await writeWithFiles(services.db, services.storage, async (trx, files) => {
      await change(trx, files);
      throw new RolledBack((await history.read(trx, id))?.state);
    });
  } catch (error) {
    if (error instanceof RolledBack) sent = error.state;
    // The view is a help beside the refusal; a change that cannot be made again shows without it.
    else services.logger.debug({ err: error }, "a refused save could not be compared");
  }
  if (sent === undefined) return undefined;
  const newest = await newestRevision(services.db, history, id);
  return {
    savedAt: newest?.createdAt ?? stored.updatedAt,
    savedBy: newest?.actor ?? "",
    fields: revisionChanges(history, stored.state, sent).fields,
    parts: compareTexts(history.text(stored.state), history.text(sent)) ?? null,
  };
}
