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
  /** The save would have changed nothing, so nothing was written (no revision, no audit entry). */
  unchanged?: boolean;
  data?: T;
}

/** Where a content type's forms post: its one write endpoint. */
export function adminWriteUrl(contentType: string): string {
  return `/admin/api/${contentType}`;
}
