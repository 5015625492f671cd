import { afterEach, expect, test, vi } from "vitest";
import { getSiteSettings, saveSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { runWrite } from "#server/domain/write/run-write.ts";
import type { PageCache } from "#server/http/page-cache/page-cache.ts";
import { request, serveBuiltSiteForSuite } from "./support/built-site.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * After a write, the built site (`npm run build` first) renders each page once however many
 * visitors ask for it at that moment, and a visitor who asks after the write never gets a page
 * rendered before it. The first render is held open until the test lets it go (its `store`), so
 * the other requests surely arrive while it runs; nothing here waits for the clock.
 */
describeEachDatabase(
  "one render per page after a write",
  (services) => {
    const site = serveBuiltSiteForSuite(services);
    afterEach(() => {
      vi.restoreAllMocks();
    });

    const setDescription = async (description: string) => {
      const { value, version } = await getSiteSettings(services().db);
      const written = await runWrite(
        services(),
        "manager@club.test",
        { category: "siteSettings", success: "사이트 정보가 수정되었습니다", failure: "실패" },
        (trx) => saveSiteSettings(trx, { ...value, description }, version),
      );
      expect(written.ok).toBe(true);
    };

    /** Spies on the cache: the first render's `store` waits for `release`; the others pass. */
    function holdFirstRender(cache: PageCache) {
      const store = cache.store.bind(cache);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const stores = vi.spyOn(cache, "store").mockImplementation(async (options) => {
        if (stores.mock.calls.length === 1) await released;
        return store(options);
      });
      // A request waits for a render either before the middleware (`serve` answers true: nothing
      // is stored while the render is held) or in the page handler (`renderOnce`).
      const served = vi.spyOn(cache, "serve");
      const renders = vi.spyOn(cache, "renderOnce");
      const waiting = () =>
        served.mock.results.filter((result) => result.value === true).length + renders.mock.calls.length;
      return { stores, waiting, release };
    }

    /** Generous bounds for a busy machine: each poll ends as soon as the requests are in. */
    const arrivedWithin = { timeout: 60_000, interval: 20 };

    test("64 visitors asking for a page just after a write cause one render, and all get it", async () => {
      await setDescription("쓰기 전의 소개");
      expect((await request(`${site.base}/about`)).body).toContain("쓰기 전의 소개");
      await setDescription("쓰기 뒤의 소개");

      const { stores, waiting, release } = holdFirstRender(services().pageCache);
      let answered = 0;
      const visitors = Array.from({ length: 64 }, () =>
        request(`${site.base}/about`).finally(() => {
          answered++;
        }),
      );
      // Each visitor is either waiting for a render by now or (were renders not shared) answered.
      await expect.poll(() => waiting() + answered, arrivedWithin).toBe(64);
      release();
      const answers = await Promise.all(visitors);

      expect(stores).toHaveBeenCalledTimes(1);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body).toContain("쓰기 뒤의 소개");
      }
      expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    });

    test("a visitor who asks after a write never gets the page rendered before it", async () => {
      await setDescription("렌더 중에 바뀔 소개");
      services().pageCache.invalidateFromElsewhere();
      const { stores, waiting, release } = holdFirstRender(services().pageCache);

      const before = request(`${site.base}/about`);
      await expect.poll(() => stores.mock.calls.length, arrivedWithin).toBe(1);
      await setDescription("렌더 뒤에 저장한 소개");
      const after = request(`${site.base}/about`);
      await expect.poll(waiting, arrivedWithin).toBe(2);
      release();

      expect((await before).body).toContain("렌더 중에 바뀔 소개");
      expect((await after).body).toContain("렌더 뒤에 저장한 소개");
      // The render from before the write was not kept either.
      expect((await request(`${site.base}/about`)).body).toContain("렌더 뒤에 저장한 소개");
    });
  },
  { demo: true },
);
