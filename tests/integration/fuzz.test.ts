import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { readContentRevision } from "#server/db/content-revision.ts";
import { createSession } from "#server/domain/accounts/sessions.ts";
import { sessionCookieHeader } from "#server/http/session-guard.ts";
import type { Services } from "#server/services.ts";
import { fileCount } from "../support/stored-content.ts";
import { newAccount } from "./support/account-steps.ts";
import {
  type BuiltSite,
  type LeafRoute,
  leafRoutes,
  loadServerBundle,
  request,
  serveBuiltSite,
} from "./support/built-site.ts";
import { engines, openTestServices } from "./support/databases.ts";

/**
 * Whatever a client sends to any route of the route table (malformed query strings, bodies and
 * headers, signed in or not), the answer is never a 5xx, and a refused request changes nothing:
 * no content revision, no file. Property-based (fast-check): the cases are generated anew on
 * every run from a seed that a failure prints, so a failing case can be replayed.
 */
const RUNS = 400;

/** Field names the site's forms use, so generated bodies reach past the first check. */
const FIELDS = [
  "intent",
  "id",
  "version",
  "title",
  "name",
  "contents",
  "description",
  "publishedAt",
  "tag",
  "images",
  "order",
  "ids",
  "email",
  "password",
  "currentPassword",
  "newPassword",
  "path",
  "metrics",
  "page",
  "search",
  "month",
  "period",
  "group",
  "redirectTo",
];
const INTENTS = ["create", "update", "delete", "save", "reorder", "create-period", "rename", "end-session", "x"];

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "",
    "-1",
    "0",
    "1",
    "99999999999999999999",
    "NaN",
    "null",
    "[]",
    "{}",
    "%",
    "%zz",
    "\u0000",
    "가".repeat(300),
  ),
  fc.constantFrom(...INTENTS),
);
const pairs = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), text), {
  maxLength: 6,
});

const query = fc.oneof(
  fc.constant(""),
  pairs.map((entries) => `?${entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`),
  fc.constantFrom(
    "?%",
    "?page=%E0%A4%A",
    "?month=0000-00",
    "?month=2999-13",
    "?page=1e9",
    "?search=%00",
    "?tag=%ZZ&&&=",
  ),
);

/** A body with the content type it claims (which may not be what it is). */
const body = fc.oneof(
  fc.constant({ type: undefined, body: "" }),
  fc.json({ maxDepth: 3 }).map((json) => ({ type: "application/json", body: json })),
  pairs.map((entries) => ({
    type: "application/x-www-form-urlencoded",
    body: new URLSearchParams(entries).toString(),
  })),
  pairs.map((entries) => ({
    type: "multipart/form-data; boundary=fuzz",
    body: `${entries.map(([k, v]) => `--fuzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("")}--fuzz--\r\n`,
  })),
  fc
    .tuple(
      fc.constantFrom(
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "application/json",
        "text/plain",
        "image/png",
        "x/y; ;;",
      ),
      fc.string({ maxLength: 200 }),
    )
    .map(([type, raw]) => ({ type, body: raw })),
);

const headers = fc.record(
  {
    "accept-encoding": fc.constantFrom("br", "gzip", "identity", "*", "br;q=0, gzip;q=0", "x"),
    "if-none-match": fc.constantFrom("*", 'W/"x"', '"a", "b"', "garbage", ""),
    "if-modified-since": fc.constantFrom("yesterday", "Thu, 01 Jan 1970 00:00:00 GMT", ""),
    range: fc.constantFrom("bytes=0-1", "bytes=9-1", "lines=1"),
  },
  { requiredKeys: [] },
);

let site: BuiltSite;
let services: Services;
let routes: LeafRoute[];
let managerCookie = "";
let close: () => Promise<void>;

beforeAll(async () => {
  const built = await loadServerBundle();
  routes = leafRoutes(built).filter((route) => route.url !== "/admin/sign-out");
  // On one engine, the run's first: what is checked here does not differ between them.
  const opened = await openTestServices(engines[0] ?? "sqlite", { demo: true });
  close = opened.close;
  services = opened.services;
  const manager = await newAccount(services, {
    email: "fuzz@club.test",
    password: "fuzz-password",
    actor: "test",
  });
  const session = await createSession(services.db, manager.id, false);
  managerCookie = (await sessionCookieHeader(new Request("http://club.test/"), session)).split(";")[0] ?? "";
  site = await serveBuiltSite(services);
}, 120_000);

afterAll(async () => {
  await site?.close();
  await close?.();
});

/** What a refused request must leave as it was. */
async function state() {
  return { revision: (await readContentRevision(services.db)).revision, files: await fileCount(services.db) };
}

test("no input to any route answers 5xx, and a refused request changes nothing", async () => {
  const seen = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(
      fc.nat({ max: routes.length - 1 }),
      fc.boolean(),
      query,
      body,
      headers,
      async (index, signedIn, search, sent, extra) => {
        const route = routes[index] as LeafRoute;
        const method = route.allowed.includes("POST") && sent.body !== "" ? "POST" : "GET";
        const requestHeaders: Record<string, string> = {
          ...extra,
          ...(sent.type ? { "content-type": sent.type } : {}),
          ...(signedIn ? { cookie: managerCookie } : {}),
        };
        const before = await state();
        const answer = await request(`${site.base}${route.url}`, {
          method,
          path: `${route.url}${search}`,
          headers: requestHeaders,
          ...(method === "POST" ? { body: sent.body } : {}),
        });
        seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
        const where = `${method} ${route.url}${search} (${answer.status}) ${answer.body.slice(0, 200)}`;
        expect(answer.status, where).toBeLessThan(500);
        if (answer.status >= 400) expect(await state(), where).toEqual(before);
      },
    ),
    { numRuns: RUNS },
  );
  // The cases reached the routes: most were refused, some answered.
  const refused = [...seen].filter(([status]) => status >= 400).reduce((sum, [, count]) => sum + count, 0);
  expect(refused).toBeGreaterThan(RUNS / 4);
  expect(seen.get(200) ?? 0).toBeGreaterThan(0);
}, 300_000);

test("a malformed address or Host is a 400, never a 5xx", async () => {
  for (const path of ["/%", "/%E0%A4%A", "/community/media/%ZZ", "/archive/%C0%AF"]) {
    const answer = await request(`${site.base}/`, { path });
    expect(answer.status, path).toBe(400);
  }
  for (const path of ["/archive/%00", "//", "/..%2f..%2fetc", "/community/media/%ED%96%89"]) {
    const answer = await request(`${site.base}/`, { path });
    expect(answer.status, path).toBeLessThan(500);
  }
  for (const host of ["bad host", "[::1", "a".repeat(300)]) {
    const answer = await request(`${site.base}/`, { headers: { host } });
    expect(answer.status, JSON.stringify(host)).toBe(400);
  }
});
