import type { Database } from "#server/db/schema.ts";

/**
 * Which tables a backup holds, in the order they are restored (parents before the rows that
 * refer to them), and the key each is paged by. Every table of the schema is either listed here
 * or in `notBackedUp` with the reason; an integration test fails for a table in neither.
 */
export type TableGroup =
  /** What visitors see and managers edit, with its history: replaced by every restore. */
  | "content"
  /** Managers' accounts and their sign-in factors: kept by a restore from the admin area. */
  | "accounts"
  /** What happened on the site (audit log, page views, web vitals): kept by the admin's restore. */
  | "records";

export interface BackedUpTable {
  name: keyof Database;
  group: TableGroup;
  /** The primary key's columns, in order: the dump is paged and sorted by them. */
  key: readonly string[];
}

export const backedUpTables: readonly BackedUpTable[] = [
  { name: "documents", group: "content", key: ["key"] },
  { name: "files", group: "content", key: ["id"] },
  { name: "articles", group: "content", key: ["id"] },
  { name: "article_images", group: "content", key: ["article_id", "position"] },
  { name: "periods", group: "content", key: ["id"] },
  { name: "course_entries", group: "content", key: ["id"] },
  { name: "main_activities", group: "content", key: ["id"] },
  { name: "odaeho_issues", group: "content", key: ["id"] },
  { name: "calendar_events", group: "content", key: ["id"] },
  { name: "feed_items", group: "content", key: ["id"] },
  { name: "organization_groups", group: "content", key: ["id"] },
  { name: "organization_members", group: "content", key: ["id"] },
  { name: "revisions", group: "content", key: ["id"] },
  // Where imported records came from: a restored site re-imports the same export as a no-op.
  { name: "imported_records", group: "content", key: ["source"] },
  { name: "accounts", group: "accounts", key: ["id"] },
  { name: "passkeys", group: "accounts", key: ["id"] },
  { name: "totp_factors", group: "accounts", key: ["account_id"] },
  { name: "recovery_codes", group: "accounts", key: ["id"] },
  { name: "audit_log", group: "records", key: ["id"] },
  { name: "page_views", group: "records", key: ["day", "path"] },
  { name: "web_vitals", group: "records", key: ["day", "path", "metric", "bucket"] },
];

/** Tables a backup leaves out, and why. */
export const notBackedUp: Readonly<Record<string, string>> = {
  article_search: "derived: rebuilt from the articles after a restore (its form differs by engine)",
  article_search_fts: "derived: SQLite's part of the search index",
  article_tag_counts: "derived: rebuilt with the search index",
  content_revision: "a counter: raised by the restore so every process empties its page cache",
  sessions: "sign-in state: a restored site is signed in to again",
  sign_in_attempts: "sign-in limiter state",
  sign_in_challenges: "sign-in state that lasts minutes",
  known_devices: "sign-in limiter state tied to browsers' cookies",
  account_links: "one-time links that expire within 48 hours",
  article_autosaves: "a manager's private unsaved copy, not content",
  scheduled_backups: "this installation's record of its own backups, kept where they are",
  kysely_migration: "the schema's own record: the manifest names its latest migration",
  kysely_migration_lock: "the schema's own lock",
};

export function backedUpTable(name: string): BackedUpTable | undefined {
  return backedUpTables.find((table) => table.name === name);
}
