import type { DiffPart } from "./word-diff.ts";

/**
 * What every admin write answers, on the server and as the admin pages read it: a Korean message,
 * field errors next to their fields, and whether someone else saved first.
 */
export interface WriteResult<T = unknown> {
  ok: boolean;
  status: number;
  message: string;
  /** Field name → Korean message, shown next to the field. */
  fieldErrors?: Record<string, string>;
  /** Someone saved a newer version first: the page offers to reload and keeps what was typed. */
  conflict?: boolean;
  /** A refusal that lifts at this time (too many attempts): when to try again, as an ISO instant. */
  retryAt?: string;
  /** On a conflict over a record with a history: the version saved first, beside the one sent. */
  theirs?: ConflictingVersion;
  /** The save would have changed nothing, so nothing was written (no revision, no audit entry). */
  unchanged?: boolean;
  data?: T;
}

/** The version another manager saved first, compared with what the refused save sent. */
export interface ConflictingVersion {
  /** When it was saved, and by whom ("" for a state kept from before the history began). */
  savedAt: string;
  savedBy: string;
  /** The parts in which the two differ, e.g. ["제목", "본문"]. */
  fields: string[];
  /** The saved text (older) against the sent one (newer), word by word; null when too long to compare. */
  parts: DiffPart[] | null;
}

/** Where a content type's forms post: its one write endpoint. */
export function adminWriteUrl(contentType: string): string {
  return `/admin/api/${contentType}`;
}
