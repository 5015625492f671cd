import { z } from "zod";

/**
 * Reading a list's address: the page and the search that every list (the media list, the
 * admin lists) takes from its query string. Nothing here fails: a malformed value falls back to
 * the default, so a hand-edited address still shows a list.
 */

const MAX_SEARCH_LENGTH = 100;

/** A plain positive whole number as written in an address: "3", not "3.0", "1e2" or "-3". */
const positiveWhole = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .pipe(z.number().min(1));

export function positiveOr(value: string | null, fallback: number): number {
  const parsed = positiveWhole.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

/**
 * Text a visitor typed into an address, ready for a query: control characters become spaces
 * (nobody types them, and PostgreSQL refuses a NUL in text), NFKC-normalised as the media list's
 * index is, trimmed and cut to `maxLength`.
 */
export function queryText(value: string | null, maxLength = MAX_SEARCH_LENGTH): string {
  return (value ?? "")
    .replace(/\p{Cc}/gu, " ")
    .normalize("NFKC")
    .trim()
    .slice(0, maxLength);
}

/** `page` (1 unless given) and `search`. */
export function parseListQuery(params: URLSearchParams): { page: number; search: string } {
  return { page: positiveOr(params.get("page"), 1), search: queryText(params.get("search")) };
}
