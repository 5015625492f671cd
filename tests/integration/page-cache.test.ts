import { expect, test } from "vitest";
import { createSession } from "#server/domain/accounts/sessions.ts";
import { getSiteSettings, saveSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { runWrite } from "#server/domain/write/run-write.ts";
import { PageCache } from "#server/http/page-cache/page-cache.ts";
import { sessionCookieHeader } from "#server/http/session-guard.ts";
import { newAccount } from "./support/account-steps.ts";
import { request, serveBuiltSiteForSuite } from "./support/built-site.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * The page cache in front of the real, built pages (`npm run build` first): a manager's write
 * shows on the next load, a signed-in manager's pages are never shared, other instances follow
 * within a second, and feeds answer conditional requests.
 */
describeEachDatabase(
  "public page cache",
  (services) => {
    const site = serveBuiltSiteForSuite(services);

    const setDescription = async (description: string) => {
      const { value, version } = await getSiteSettings(services().db);
      return runWrite(
        services(),
        "manager@club.test",
        { category: "siteSettings", success: "사이트 정보가 수정되었습니다", failure: "실패" },
        (trx) => saveSiteSettings(trx, { ...value, description }, version),
      );
    };

    test("a page is kept after its first render; a manager's write shows on the next load", async () => {
      await setDescription("처음 소개 문구");
      expect((await request(`${site.base}/about`)).body).toContain("처음 소개 문구");

      // A change behind the write path's back is not seen: the page comes from memory.
      const { value, version } = await getSiteSettings(services().db);
      await saveSiteSettings(services().db, { ...value, description: "몰래 바꾼 문구" }, version);
      expect((await request(`${site.base}/about`)).body).toContain("처음 소개 문구");

      expect((await setDescription("관리자가 고친 문구")).ok).toBe(true);
      const after = await request(`${site.base}/about`);
      expect(after.body).toContain("관리자가 고친 문구");
      expect(after.headers["last-modified"]).toMatch(/GMT$/);
    });

    test("a signed-in manager's requests are neither answered from nor kept in the cache", async () => {
      const { db } = services();
      const account = await newAccount(services(), {
        email: `cache-${Math.random().toString(36).slice(2)}@club.test`,
        password: "a-long-password",
        actor: "test",
      });
      const session = await createSession(db, account.id, false);
      const setCookie = await sessionCookieHeader(new Request(site.base), session);
      const cookie = setCookie.split(";")[0] as string;
      services().pageCache.invalidateFromElsewhere();

      const signedIn = await request(`${site.base}/join`, { headers: { cookie } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.etag).toBeUndefined();
      expect(services().pageCache.size).toBe(0);

      await request(`${site.base}/join`);
      expect(services().pageCache.size).toBe(1);
      const again = await request(`${site.base}/join`, { headers: { cookie } });
      expect(again.headers.etag).toBeUndefined();
    });

    test("HEAD answers with the GET's type, length and Vary, and no body", async () => {
      const head = await request(`${site.base}/`, {
        method: "HEAD",
        headers: { "accept-encoding": "br" },
      });
      const get = await request(`${site.base}/`, { headers: { "accept-encoding": "br" } });
      expect(head.status).toBe(200);
      expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
      expect(head.headers.vary).toBe("Accept-Encoding");
      expect(head.headers.etag).toBe(get.headers.etag);
      expect(head.body).toBe("");
    });

    test("feeds, the sitemap and pages answer 304 to a current copy, even on the first render", async () => {
      for (const path of ["/rss.xml", "/sitemap.xml", "/calendar.ics", "/robots.txt", "/archive/rule"]) {
        const first = await request(`${site.base}${path}`, { headers: { "accept-encoding": "gzip" } });
        expect(first.status, path).toBe(200);
        const { etag } = first.headers;
        expect(etag, path).toMatch(/^"[\w-]+"$/);
        expect(first.headers["last-modified"], path).toMatch(/GMT$/);
        const revalidated = await request(`${site.base}${path}`, {
          headers: { "accept-encoding": "gzip", "if-none-match": `W/${etag}` },
        });
        expect(revalidated.status, path).toBe(304);
      }
      services().pageCache.invalidateFromElsewhere();
      const etag = (await request(`${site.base}/game`)).headers.etag as string;
      services().pageCache.invalidateFromElsewhere();
      const rendered = await request(`${site.base}/game`, { headers: { "if-none-match": etag } });
      expect(rendered.status).toBe(304);
    });

    test("a 304 on a page's first render keeps the policy that allows the scripts of the copy kept", async () => {
      services().pageCache.invalidateFromElsewhere();
      const first = await request(`${site.base}/game`);
      const policy = first.headers["content-security-policy"];
      // One stored body serves many requests: its inline scripts are allowed by their hashes.
      expect(policy).toMatch(/'sha256-/);
      // After a restart or a write elsewhere the page is rendered again, through the middleware that
      // names a nonce; the browser would apply that to the body it keeps and block its scripts.
      services().pageCache.invalidateFromElsewhere();
      const revalidated = await request(`${site.base}/game`, {
        headers: { "if-none-match": first.headers.etag as string },
      });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers["content-security-policy"]).toBe(policy);
    });

    test("another instance on the same database empties its cache within a second", async () => {
      const other = new PageCache({ maxBytes: 1024 * 1024 });
      await other.followRevision(services().db, 100, () => undefined);
      try {
        await other.store({
          req: { url: "/about", headers: { host: "club.test" } } as never,
          response: new Response("<p>other</p>", { headers: { "content-type": "text/html" } }),
          baseHeaders: {},
          nonce: undefined,
          generation: other.generation,
        });
        expect(other.size).toBe(1);
        await setDescription(`다른 인스턴스 ${Date.now()}`);
        await expect.poll(() => other.size, { timeout: 1000, interval: 50 }).toBe(0);
      } finally {
        other.stop();
      }
    });
  },
  { demo: true },
);
