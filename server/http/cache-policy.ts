/**
 * How long browsers and shared caches may keep an answer: every Cache-Control header the site
 * sends is built here, from one of these policies (decision 0041).
 *
 * - `immutable`: the address changes whenever the content would (hashed build files, uploaded
 *   files under id-only keys, link-preview images named by what they are made from). Kept a
 *   year and never asked for again.
 * - `revalidate`: anyone may keep it, and asks every time; the answer is a 304 by its ETag or
 *   Last-Modified. Public pages, and files made from the club's settings (the manual PDF, the
 *   web manifest, the calendar feed), which show a change on the next load.
 * - `{ maxAge }`: anyone may keep it this many seconds without asking. For answers that may lag
 *   a little: feeds and sitemaps a crawler polls, logos that change with a release, the
 *   unhashed build files, the redirect to a page's canonical address.
 * - `none`: never stored anywhere. The admin area, sign-in steps, a manager's draft preview,
 *   JSON answers, errors and refusals.
 */
export type CachePolicy = "immutable" | "revalidate" | "none" | { maxAge: number };

/** A year, the longest lifetime HTTP caches are asked to honour. */
const YEAR_SECONDS = 365 * 24 * 60 * 60;

const HEADER = "Cache-Control";

/** The Cache-Control value of `policy`. */
export function cacheControl(policy: CachePolicy): string {
  switch (policy) {
    case "immutable":
      return `public, max-age=${YEAR_SECONDS}, immutable`;
    case "revalidate":
      return "public, no-cache";
    case "none":
      return "no-store";
    default:
      return `public, max-age=${Math.max(0, Math.floor(policy.maxAge))}`;
  }
}

/** The header for `policy`, to spread into a Response's or Express's headers. */
export function cacheHeader(policy: CachePolicy): { "Cache-Control": string } {
  return { [HEADER]: cacheControl(policy) } as { "Cache-Control": string };
}

/** Sets `policy` on a Fetch Response's headers or a Node/Express response, replacing any other. */
export function setCachePolicy(
  target: Headers | { setHeader(name: string, value: string): unknown },
  policy: CachePolicy,
) {
  if (target instanceof Headers) target.set(HEADER, cacheControl(policy));
  else target.setHeader(HEADER, cacheControl(policy));
}

/** Whether an answer says already how it may be kept. */
export function hasCachePolicy(headers: Headers): boolean {
  return headers.has(HEADER);
}

/**
 * The Cache-Control of a header record as Node keeps it (lower-case names), as a record of its
 * own, with `fallback`'s value when it has none: for the page cache, which stores and answers
 * such records.
 */
export function nodeCacheHeader(
  headers: Record<string, string | string[] | number | undefined>,
  fallback: CachePolicy,
): Record<string, string> {
  const name = HEADER.toLowerCase();
  const value = headers[name];
  return { [name]: value === undefined ? cacheControl(fallback) : String(value) };
}

/**
 * Whether an answer says it is meant for one client only (`private`) or for no cache at all
 * (`no-store`): such an answer is never kept in the shared page cache.
 */
export function forbidsSharing(headers: Headers): boolean {
  return /\b(private|no-store)\b/i.test(headers.get(HEADER) ?? "");
}
