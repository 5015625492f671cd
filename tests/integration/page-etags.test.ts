import { afterAll, beforeAll, expect, test } from "vitest";
import { PageCache } from "#server/http/page-cache/page-cache.ts";
import { publicPages } from "#shared/public-pages.ts";
import { type BuiltSite, request, serveBuiltSite } from "./support/built-site.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * A page's ETag is the same on every worker (`npm run build` first): two servers over one
 * database, each with a cache of its own as two workers have, render every public page at the
 * same moment, one for a browser and one for a crawler. Each must then answer 304 to the other's
 * ETag, in every form a client sends it. Before pages the cache keeps were rendered whole, a
 * browser's copy (its late parts streamed as hidden blocks) and a crawler's differed, and so did
 * two browsers' copies under load.
 */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const CRAWLER = "curl/8.5.0";

describeEachDatabase(
  "a page's ETag on two workers",
  (services) => {
    let first: BuiltSite;
    let second: BuiltSite;
    beforeAll(async () => {
      first = await serveBuiltSite(services());
      second = await serveBuiltSite({ ...services(), pageCache: new PageCache({ maxBytes: 16 * 1024 * 1024 }) });
    }, 120_000);
    afterAll(async () => {
      await first?.close();
      await second?.close();
    });

    test("every public page rendered at once for a browser and a crawler gets one ETag, and 304s across", async () => {
      const paths = publicPages.map((page) => page.path);
      const render = (site: BuiltSite, path: string, agent: string, encoding: string) =>
        request(`${site.base}${path}`, { headers: { "user-agent": agent, "accept-encoding": encoding } });
      // All at once on both: the renders overlap as on a busy first start.
      const answers = await Promise.all(
        paths.flatMap((path) => [
          render(first, path, BROWSER, "br, gzip"),
          render(second, path, CRAWLER, "br, gzip"),
          render(first, path, CRAWLER, "identity"),
          render(second, path, BROWSER, "identity"),
        ]),
      );
      for (const [index, path] of paths.entries()) {
        const [compressedA, compressedB, plainA, plainB] = answers.slice(index * 4, index * 4 + 4);
        for (const answer of [compressedA, compressedB, plainA, plainB]) expect(answer?.status, path).toBe(200);
        expect(compressedA?.headers.etag, path).toBe(compressedB?.headers.etag);
        expect(plainA?.headers.etag, path).toBe(plainB?.headers.etag);
        expect(plainA?.body, path).toBe(plainB?.body);
      }

      for (const [index, path] of paths.entries()) {
        const [compressedA, compressedB] = answers.slice(index * 4, index * 4 + 2);
        for (const [site, etag] of [
          [second, compressedA?.headers.etag],
          [first, compressedB?.headers.etag],
        ] as const) {
          for (const form of [etag, `W/${etag}`, `"another", ${etag}`]) {
            const revalidated = await request(`${site.base}${path}`, {
              headers: { "user-agent": BROWSER, "accept-encoding": "br, gzip", "if-none-match": form as string },
            });
            expect(revalidated.status, `${path} ${form}`).toBe(304);
          }
        }
      }
    });

    test("a page rendered again after its cache emptied keeps its ETag", async () => {
      const before = await request(`${first.base}/`, { headers: { "user-agent": BROWSER } });
      services().pageCache.invalidateFromElsewhere();
      const again = await request(`${first.base}/`, {
        headers: { "user-agent": BROWSER, "if-none-match": before.headers.etag as string },
      });
      expect(again.status).toBe(304);
    });
  },
  { demo: true },
);
