import { createHash } from "node:crypto";
import { seoulDate, seoulDateTimeInput, seoulMidnight } from "#shared/calendar-dates.ts";
import { isObject } from "./firestore.ts";

/**
 * Reading the original's fields leniently: the admin's schemas judge the values, these only
 * bring them into the shapes those schemas read (text, Seoul dates and times).
 */

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

/** A list value, or none. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The objects of a list value (entries that are no object are dropped). */
export function records(value: unknown): Record<string, unknown>[] {
  return list(value).filter(isObject);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An instant: a decoded Firestore timestamp, an ISO string ("2024-03-02T09:00:00Z"), a date
 * alone ("2024-03-02", midnight in Seoul) or milliseconds since 1970. Undefined otherwise.
 */
export function instant(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === "number" && Number.isFinite(value)) return new Date(value);
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const trimmed = value.trim();
  const parsed = DATE_ONLY.test(trimmed) ? seoulMidnight(trimmed) : new Date(trimmed);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/** Whether a value is a date without a time of day ("2024-03-02"). */
export function isDateOnly(value: unknown): boolean {
  return typeof value === "string" && DATE_ONLY.test(value.trim());
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

/**
 * What an entry of a list is known by between runs: its `id` when it has one, else a digest of
 * its content (with a counter for identical twins), so a second run recognises it.
 */
export function entryKeys(entries: Record<string, unknown>[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const id = text(entry.id).trim();
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
