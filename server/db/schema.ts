import type { Generated, Kysely } from "kysely";
import type { ArticleStatus } from "#shared/article-status.ts";
import type { Role as AccountRole } from "#shared/roles.ts";

/**
 * Table types for the query builder. Times are ISO-8601 strings in UTC and booleans are 0/1
 * integers, so the same rows come back from SQLite and PostgreSQL alike.
 */
/** The query builder over these tables, whichever engine runs them. */
export type Db = Kysely<Database>;

export interface Database {
  documents: DocumentsTable;
  files: FilesTable;
  articles: ArticlesTable;
  article_images: ArticleImagesTable;
  article_search: ArticleSearchTable;
  article_tag_counts: ArticleTagCountsTable;
  periods: PeriodsTable;
  course_entries: CourseEntriesTable;
  main_activities: MainActivitiesTable;
  odaeho_issues: OdaehoIssuesTable;
  calendar_events: CalendarEventsTable;
  feed_items: FeedItemsTable;
  organization_groups: OrganizationGroupsTable;
  organization_members: OrganizationMembersTable;
  page_views: PageViewsTable;
  web_vitals: WebVitalsTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  known_devices: KnownDevicesTable;
  passkeys: PasskeysTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  account_links: AccountLinksTable;
  audit_log: AuditLogTable;
  content_revision: ContentRevisionTable;
  revisions: RevisionsTable;
  article_autosaves: ArticleAutosavesTable;
  imported_records: ImportedRecordsTable;
  scheduled_backups: ScheduledBackupsTable;
}

/** Columns every editable record has: an optimistic-locking version and its times. */
interface Editable {
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Single documents whose shape is set by a zod schema in its domain module (site settings, ...). */
export interface DocumentsTable {
  key: string;
  value: string;
  version: Generated<number>;
  updated_at: string;
}

/** Every stored upload has a row, so content and files can be kept consistent and orphans found. */
export interface FilesTable {
  id: string;
  storage_key: string;
  content_type: string;
  byte_size: number;
  original_name: string | null;
  width: number | null;
  height: number | null;
  /** JSON array of the widths of the smaller copies stored beside an image. */
  variant_widths: Generated<string>;
  created_at: string;
}

export interface ArticlesTable extends Editable {
  id: string;
  title: string;
  tag: string;
  /** For a scheduled article, the time it is published at. */
  published_at: string;
  /** Visitors see published articles only (shared/article-status.ts). */
  status: Generated<ArticleStatus>;
  /** Sanitized HTML. */
  contents: string;
  /** The same contents as plain text, for search and excerpts. */
  contents_text: string;
}

/**
 * One row per article in the search index (decision 0013), written with the article. SQLite keeps
 * the terms in the FTS5 table `article_search_fts` (rowid = search_key); PostgreSQL keeps them in
 * the columns marked below, which exist on PostgreSQL only.
 */
export interface ArticleSearchTable {
  article_id: string;
  /** Newest first when sorted descending: published time in ms, times 1024, plus a tie-breaker. */
  search_key: number;
  tag: string;
  /** PostgreSQL: the title's and the contents' words, normalised, separated by spaces. */
  title_text?: string;
  body_text?: string;
  /** PostgreSQL: tsvectors of the title's terms, and of the terms of title and contents. */
  title_terms?: string;
  terms?: string;
}

/** How many articles carry each tag ('' for none), kept in step with every article write. */
export interface ArticleTagCountsTable {
  tag: string;
  count: number;
}

export interface ArticleImagesTable {
  article_id: string;
  position: number;
  file_id: string;
  alt: string;
}

export interface PeriodsTable extends Editable {
  id: string;
  name: string;
  position: number;
}

export type { CourseKind } from "#shared/course-kinds.ts";

import type { CourseKind } from "#shared/course-kinds.ts";

export interface CourseEntriesTable extends Editable {
  id: string;
  period_id: string;
  kind: CourseKind;
  position: number;
  title: string;
  description: string;
  leader: string;
}

export interface MainActivitiesTable extends Editable {
  id: string;
  year: number;
  position: number;
  title: string;
  description: string;
  image_file_id: string | null;
  /** Which side the image sits on in the alternating layout. */
  direction: "left" | "right";
}

export interface OdaehoIssuesTable extends Editable {
  id: string;
  title: string;
  description: string;
  published_at: string;
  thumbnail_file_id: string;
  pdf_file_id: string;
  position: number;
}

export interface CalendarEventsTable extends Editable {
  id: string;
  title: string;
  starts_at: string;
  ends_at: string;
  all_day: number;
  location: string;
  description: string;
}

export interface FeedItemsTable extends Editable {
  id: string;
  image_file_id: string;
  caption: string;
  link: string;
  posted_at: string;
  position: number;
}

export interface OrganizationGroupsTable extends Editable {
  id: string;
  title: string;
  description: string;
  position: number;
}

export interface OrganizationMembersTable extends Editable {
  id: string;
  group_id: string;
  position: number;
  name: string;
  role: string;
  photo_file_id: string | null;
}

export interface PageViewsTable {
  day: string;
  path: string;
  views: number;
}

/** One bucket of one day's histogram of a web vital on a page. */
export interface WebVitalsTable {
  day: string;
  path: string;
  metric: string;
  bucket: number;
  samples: number;
}

export interface AccountsTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
  /** Null for a manager who has not signed in since this was kept. */
  last_signed_in_at: string | null;
  /** What the account may do (shared/roles.ts). */
  role: Generated<AccountRole>;
  /** When access ends (the end of a term): from then on the account cannot sign in. */
  access_ends_at: string | null;
}

export interface SessionsTable {
  id: string;
  account_id: string;
  persistent: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** The browser's User-Agent at sign-in, so the manager can tell sessions apart. */
  user_agent: string | null;
  client_address: string | null;
}

export interface SignInAttemptsTable {
  id: string;
  client_address: string;
  email: string;
  /** The known device the attempt came from (see known_devices), if any. */
  device_id: string | null;
  succeeded: number;
  attempted_at: string;
}

/** Browsers an manager signed in from; the id is the SHA-256 of the cookie's token. */
export interface KnownDevicesTable {
  id: string;
  account_id: string;
  created_at: string;
  last_used_at: string;
}

export interface AuditLogTable {
  id: string;
  category: string;
  type: "normal" | "failure";
  content: string;
  error: string | null;
  actor: string;
  time: string;
}

/** The single row (id 1) counting changes to published content; see server/db/content-revision.ts. */
export interface ContentRevisionTable {
  id: number;
  revision: number;
  changed_at: string;
}

/** A manager's passkey (WebAuthn credential); the id is the credential id in base64url. */
export interface PasskeysTable {
  id: string;
  account_id: string;
  name: string;
  /** The COSE public key in base64url. */
  public_key: string;
  /** node-postgres reads bigint as a string. */
  counter: number | string;
  /** JSON array of the transports the authenticator named. */
  transports: string;
  created_at: string;
  last_used_at: string | null;
}

/** A manager's authenticator-app secret (RFC 6238), confirmed once a code from the app matched. */
export interface TotpFactorsTable {
  account_id: string;
  secret: string;
  confirmed_at: string | null;
  last_used_step: number | null;
  created_at: string;
}

/** One-time recovery codes; the id is the SHA-256 of the code. */
export interface RecoveryCodesTable {
  id: string;
  account_id: string;
  created_at: string;
  used_at: string | null;
}

/**
 * The state between the steps of a sign-in (a passkey challenge, a password waiting for its
 * second factor) or of adding a passkey; the id is the SHA-256 of the token in the cookie.
 */
export interface SignInChallengesTable {
  id: string;
  purpose: string;
  account_id: string | null;
  challenge: string | null;
  persistent: number;
  device_id: string | null;
  failures: number;
  created_at: string;
  expires_at: string;
}

/** One saved state of an article or a single document, kept for the history panel and restores. */
export interface RevisionsTable {
  id: string;
  /** "article" or "document". */
  subject_kind: string;
  /** The article's id or the document's key. */
  subject_id: string;
  /** The state as JSON, in the shape its kind's history reads. */
  state: string;
  /** Who saved it (an e-mail address), or "" for the state found before history was kept. */
  actor: string;
  /** What made it, when not a plain save: "restore" of an older revision. */
  note: Generated<string>;
  created_at: string;
}

/** A manager's autosaved copy of an article being written ("new" for one not yet created). */
export interface ArticleAutosavesTable {
  account_id: string;
  article_key: string;
  /** The form's text fields as JSON. */
  fields: string;
  saved_at: string;
}

/**
 * A one-time link made by a manager: an invitation to create an account, or a new password for
 * another manager. The id is the SHA-256 of the link's token.
 */
export interface AccountLinksTable {
  id: string;
  purpose: "invite" | "reset";
  account_id: string | null;
  note: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The role an invitation gives; null for a reset link. */
  role: AccountRole | null;
}

/** A document or list entry of the original site's export, and the record the import made of it. */
export interface ImportedRecordsTable {
  /** Where it stood in the export: "community_media/{id}", "archive/odaeho/contents/{id}". */
  source: string;
  /** What it became: "article", "period", "document", ... */
  kind: string;
  /** The new record's id, or the single document's key. */
  target_id: string;
  imported_at: string;
}

/** One scheduled backup (BACKUP_TO): the claim of the process that takes it, then its outcome. */
export interface ScheduledBackupsTable {
  /** The scheduled time it is for (an ISO instant): one backup per time. */
  slot: string;
  status: "running" | "done" | "failed";
  started_at: string;
  finished_at: string | null;
  /** Which process took it: host name and process id. */
  taken_by: string;
  /** Where the archive is: a file's path or an s3:// address. */
  location: string | null;
  bytes: number | null;
  /** The archive's SHA-256, as read back from where it was written. */
  sha256: string | null;
  error: string | null;
}
