import { createHash } from "node:crypto";
import { instantOfDateTime, seoulDate, seoulDateTimeInput, seoulMidnight } from "#shared/dates.ts";

/**
 * The one place the original's values are recognised, whatever reader meets them: text, lists,
 * dates and picture addresses in the shapes the original's code and the export tools wrote them.
 * The admin's schemas judge the values; these only bring them into the shapes those schemas read.
 */

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** The first of `names` the record has, for fields the original's code may have named either way. */
export function field(record: Record<string, unknown>, ...names: string[]): unknown {
  for (const name of names) if (record[name] !== undefined && record[name] !== null) return record[name];
  return undefined;
}

/** A text value: strings as they are, numbers written out, anything else empty. */
export function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** The first of `names` that holds text that is not blank. */
export function firstText(record: Record<string, unknown>, ...names: string[]): string {
  for (const name of names) {
    const value = text(record[name]);
    if (value.trim() !== "") return value;
  }
  return "";
}

/** Where a short text of an entry (a feed item's caption, say) may be found, in this order. */
export const TEXT_FIELDS = ["title", "caption", "description", "text"] as const;

/**
 * A list value: an array, or a map of index keys ("0", "1", …), as a list saved through some
 * tools or edited by hand arrives, read in the order of its keys. Anything else is no list.
 */
export function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (!isObject(value) || !isIndexMap(value)) return [];
  return Object.keys(value)
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => value[key]);
}

/** Whether a value is a list written as a map of index keys. */
export function isIndexMap(value: unknown): boolean {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => /^(0|[1-9]\d{0,5})$/.test(key));
}

const DATE_ONLY = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})\.?$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/;
/** Seconds since 1970 stay below this until the year 5138; milliseconds pass it in 1973. */
const LARGEST_SECONDS = 100_000_000_000;

/**
 * An instant: a Firestore timestamp (tagged by node-firestore-import-export, or the bare
 * `{_seconds, _nanoseconds}` / `{seconds, nanoseconds}` other tools write), an ISO string, a
 * date alone ("2024-03-02", also with dots or slashes: midnight in Seoul), or seconds or
 * milliseconds since 1970 (as a number or digits). Undefined for anything else.
 */
export function instant(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (isObject(value)) return timestampOf(value.__datatype__ === "timestamp" ? value.value : value);
  if (typeof value === "number") return fromEpoch(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  if (/^\d{9,13}$/.test(trimmed)) return fromEpoch(Number(trimmed));
  const dateOnly = dateOnlyOf(trimmed);
  if (dateOnly) return seoulMidnight(dateOnly);
  const iso = ISO_DATE_TIME.exec(trimmed);
  if (!iso) return undefined;
  // A time written without its offset is Seoul's, as the club wrote it.
  return instantOfDateTime(iso[1] ?? "", iso[2] ?? "", iso[3]);
}

/** A bare timestamp object (`{_seconds, _nanoseconds}` or `{seconds, nanoseconds}`) as a Date. */
export function timestampOf(value: unknown): Date | undefined {
  if (!isObject(value)) return undefined;
  const seconds = value._seconds ?? value.seconds;
  const nanos = value._nanoseconds ?? value.nanoseconds ?? 0;
  if (typeof seconds !== "number" || typeof nanos !== "number") return undefined;
  const at = new Date(seconds * 1000 + Math.floor(nanos / 1_000_000));
  return Number.isNaN(at.getTime()) ? undefined : at;
}

function fromEpoch(value: number): Date | undefined {
  if (!Number.isFinite(value) || value <= 0) return undefined;
  return new Date(Math.abs(value) < LARGEST_SECONDS ? value * 1000 : value);
}

/** "2024-03-02" for a date written alone ("2024-3-2", "2024.03.02."), else undefined. */
function dateOnlyOf(value: string): string | undefined {
  const match = DATE_ONLY.exec(value);
  if (!match) return undefined;
  const [, year, month, day] = match;
  return `${year}-${month?.padStart(2, "0")}-${day?.padStart(2, "0")}`;
}

/** Whether a value is a date without a time of day ("2024-03-02"). */
export function isDateOnly(value: unknown): boolean {
  return typeof value === "string" && dateOnlyOf(value.trim()) !== undefined;
}

/** An instant as a date input sends it (Seoul day), or "" so the schema names what is missing. */
export function dateInput(value: unknown): string {
  const at = instant(value);
  return at ? seoulDate(at) : "";
}

/** An instant as a date-and-time input sends it (Seoul wall clock), or "". */
export function dateTimeInput(value: unknown): string {
  const at = instant(value);
  return at ? seoulDateTimeInput(at.toISOString()) : "";
}

/** A value as the report quotes it: short, on one line. */
export function quoted(value: unknown): string {
  const shown = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  const line = shown.replace(/\s+/g, " ").trim();
  return `'${line.length > 60 ? `${line.slice(0, 59)}…` : line}'`;
}

/** Where an entry's picture may be found, in this order. */
export const PICTURE_FIELDS = ["imgUrl", "imageUrl", "image", "src", "url"] as const;

/**
 * The address of an entry's picture: the first of `names` that holds a Storage address (a
 * download URL, a gs:// address or a bucket path), as a string, as `{url}` / `{src}`, or as the
 * first of a list. When none is a Storage address, the first other address (another site's),
 * so the report can name it; undefined when the entry has no picture at all.
 */
export function pictureAddress(record: Record<string, unknown>, names: readonly string[] = PICTURE_FIELDS) {
  const candidates = names.map((name) => addressIn(record[name])).filter((address) => address !== "");
  return candidates.find((address) => bucketPath(address) !== undefined) ?? candidates[0];
}

function addressIn(value: unknown): string {
  if (Array.isArray(value)) return addressIn(value[0]);
  if (isObject(value)) return text(field(value, "url", "src", "imgUrl", "downloadURL")).trim();
  return text(value).trim();
}

/** A download address of Firebase Storage, as the original's documents and article HTML hold them. */
const DOWNLOAD_URL = /^https:\/\/firebasestorage\.googleapis\.com\/v0\/b\/([^/]+)\/o\/([^?#]+)/;

/**
 * The bucket and path a file address names: a download URL (its path is percent-encoded in one
 * segment), a `gs://bucket/path` address, or a bucket path as it is (no bucket). Undefined for
 * addresses of other sites.
 */
export function storageAddress(address: string): { bucket?: string; path: string } | undefined {
  const trimmed = address.trim();
  const download = DOWNLOAD_URL.exec(trimmed);
  if (download?.[1] && download[2]) {
    try {
      return { bucket: decodeURIComponent(download[1]), path: decodeURIComponent(download[2]) };
    } catch {
      return undefined;
    }
  }
  const gs = /^gs:\/\/([^/]+)\/(.+)$/.exec(trimmed);
  if (gs?.[1] && gs[2]) return { bucket: gs[1], path: gs[2] };
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith("//") || trimmed === "") return undefined;
  return { path: trimmed.replace(/^\/+/, "") };
}

/** The bucket path alone a file address names (see storageAddress). */
export function bucketPath(address: string): string | undefined {
  return storageAddress(address)?.path;
}

/**
 * What an entry of a list is known by between runs: its `id` when it has one, else a digest of
 * its content (with a counter for identical twins), so a second run recognises it.
 */
export function entryKeys(entries: unknown[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const id = isObject(entry) ? text(entry.id).trim() : "";
    const base = id && !id.includes("/") ? id : digest(entry);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}~${count}`;
  });
}

function digest(value: unknown): string {
  return createHash("sha256").update(stableJson(value)).digest("hex").slice(0, 16);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
