import { afterAll, describe, expect, test } from "vitest";
import { request } from "../../integration/support/built-site.ts";
import { postgresServer } from "../../support/postgres-server.ts";
import { instances, proxyUrl } from "../support.ts";

/**
 * The deployment's proxy (Caddy with deploy/Caddyfile) in front of both instances, and
 * PostgreSQL stopped under them. The proxy checks liveness, so it keeps both instances: cached
 * public pages answer 200 from memory, everything else the site's 503 page with Retry-After,
 * each within a second; no request waits for the proxy to find an instance it likes.
 */
const postgres = postgresServer();
/** What a visitor may wait for any answer while the database is away. */
const ANSWER_LIMIT_MS = 1000;
const CACHED_PAGES = ["/", "/about", "/community/feed", "/archive/rule", "/join"];
const UNAVAILABLE_TEXT = "잠시 이용할 수 없습니다";

let fresh = 0;
/** Addresses no cache holds: each is rendered from the database, so it needs it. */
const uncachedPages = () => [
  `/community/media?search=outage-${++fresh}`,
  `/about?visit=${++fresh}`,
  "/admin/login",
  "/admin/manage-feed",
];

async function timed(url: string, init?: RequestInit) {
  const started = performance.now();
  const response = await fetch(url, { redirect: "manual", ...init });
  const body = await response.text();
  return { response, body, ms: performance.now() - started };
}

/** Both instances answer their readiness probe: the database is back for each. */
async function bothReady(): Promise<boolean> {
  const answers = await Promise.all(
    [instances.a, instances.b].map((instance) => fetch(`${instance.url}/readyz`).catch(() => undefined)),
  );
  return answers.every((answer) => answer?.status === 200);
}

describe("behind the proxy, with PostgreSQL stopped", () => {
  let stopped = false;
  const slowest = { cached: 0, unavailable: 0 };

  test("before the outage, both instances are ready and hold the public pages in their caches", async () => {
    // A cached answer is the only kind with an ETag. Pages are kept per host as the request
    // names it, so they are asked for as the proxy forwards them: its host, forwarded.
    const host = new URL(proxyUrl).host;
    const asProxied = { host, "x-forwarded-host": host, "x-forwarded-proto": "http" };
    for (const instance of [instances.a, instances.b]) {
      for (const page of CACHED_PAGES) {
        await request(`${instance.url}${page}`, { headers: asProxied });
        const again = await request(`${instance.url}${page}`, { headers: asProxied });
        expect(again.status, page).toBe(200);
        expect(again.headers.etag, page).toBeTruthy();
      }
    }
    await expect.poll(bothReady).toBe(true);
    postgres.stop();
    stopped = true;
  });

  afterAll(async () => {
    if (stopped) postgres.start();
    console.log(
      `Slowest answers through the proxy while PostgreSQL was stopped: cached page ${Math.round(slowest.cached)} ms, ` +
        `503 page ${Math.round(slowest.unavailable)} ms`,
    );
  });

  test("cached public pages answer 200 from both instances within a second", async () => {
    // Round robin: three rounds send every page to each instance at least once.
    for (let round = 0; round < 3; round++) {
      for (const page of CACHED_PAGES) {
        const { response, body, ms } = await timed(`${proxyUrl}${page}`);
        expect(response.status, page).toBe(200);
        expect(body, page).not.toContain(UNAVAILABLE_TEXT);
        expect(ms, page).toBeLessThan(ANSWER_LIMIT_MS);
        slowest.cached = Math.max(slowest.cached, ms);
      }
    }
  });

  test("everything else answers the site's 503 page with Retry-After within a second", async () => {
    for (let round = 0; round < 3; round++) {
      for (const page of uncachedPages()) {
        const { response, body, ms } = await timed(`${proxyUrl}${page}`, { headers: { accept: "text/html" } });
        expect(response.status, page).toBe(503);
        expect(response.headers.get("retry-after"), page).toMatch(/^\d+$/);
        expect(response.headers.get("content-type"), page).toContain("text/html");
        expect(body, page).toContain(UNAVAILABLE_TEXT);
        expect(ms, page).toBeLessThan(ANSWER_LIMIT_MS);
        slowest.unavailable = Math.max(slowest.unavailable, ms);
      }
      // A manager's write is refused at once too.
      const write = await timed(`${proxyUrl}/admin/api/feed`, {
        method: "POST",
        headers: { origin: proxyUrl, "content-type": "application/x-www-form-urlencoded" },
        body: "intent=create",
      });
      expect(write.response.status).toBe(503);
      expect(write.ms).toBeLessThan(ANSWER_LIMIT_MS);
      slowest.unavailable = Math.max(slowest.unavailable, write.ms);
    }
  });

  test("the instances stay live for the proxy while neither is ready", async () => {
    for (const instance of [instances.a, instances.b]) {
      expect((await fetch(`${instance.url}/livez`)).status).toBe(200);
      const ready = await fetch(`${instance.url}/readyz`);
      expect(ready.status).toBe(503);
      await expect(ready.json()).resolves.toMatchObject({ database: "failed", storage: "ok" });
    }
  });

  test("once PostgreSQL is back, the same processes answer every page again", async () => {
    postgres.start();
    stopped = false;
    await expect.poll(bothReady).toBe(true);
    for (let round = 0; round < 2; round++) {
      const { response, body } = await timed(`${proxyUrl}/community/media?search=after-${round}`);
      expect(response.status).toBe(200);
      expect(body).not.toContain(UNAVAILABLE_TEXT);
    }
  });
});
