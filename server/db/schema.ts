import type { Generated } from "kysely";

/**
 * Table types for the query builder. Times are ISO-8601 strings in UTC and booleans are 0/1
 * integers, so the same rows come back from SQLite and PostgreSQL alike.
 */
export interface Database {
  documents: DocumentsTable;
  files: FilesTable;
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
  created_at: string;
}
