import { sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { slowReads } from "#server/db/slow-reads.ts";
import { articleDraftSchema, createArticle } from "#server/domain/articles/manage.ts";
import { writeWithFiles } from "#server/domain/files/files.ts";
import { type BuiltSite, request, serveBuiltSite } from "./support/built-site.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * A read that takes long (as a search over a large archive does) holds nobody else up: while it
 * runs, the built site (`npm run build` first) still answers pages and searches. On SQLite such
 * reads run on the read pool's threads; on PostgreSQL every query was already asynchronous.
 */

/** Rows the slow read counts through: seconds of work for the database, whatever the engine. */
const SLOW_ROWS = 10_000_000;

describeEachDatabase(
  "slow reads hold nobody up",
  (services) => {
    let site: BuiltSite;
    beforeAll(async () => {
      const draft = articleDraftSchema.parse({
        title: "읽기 스레드 시험 기사",
        tag: "공지",
        publishedAt: "2026-11-20T18:00",
        contents: "<p>긴 검색이 도는 동안에도 다른 방문자는 기다리지 않습니다.</p>",
      });
      await writeWithFiles(services().db, services().storage, (trx, files) => createArticle(trx, files, draft, []));
      site = await serveBuiltSite(services());
    }, 120_000);
    afterAll(() => site.close());

    test("while a slow read runs, pages are answered; a search started meanwhile is answered too", async () => {
      let slowFinished = false;
      const slow = sql<{ counted: number | string }>`with recursive counter(n) as (
        select 1 union all select n + 1 from counter where n < ${SLOW_ROWS}
      ) select count(*) as counted from counter`
        .execute(slowReads(services().db))
        .finally(() => {
          slowFinished = true;
        });

      // On SQLite the search waits for the read thread the slow read holds; nobody else does.
      const searching = request(`${site.base}/community/media?search=${encodeURIComponent("스레드")}`);
      const home = await request(`${site.base}/`);
      const about = await request(`${site.base}/about`);
      expect(home.status).toBe(200);
      expect(about.status).toBe(200);
      // Both pages came while the slow read was still running.
      expect(slowFinished).toBe(false);

      const search = await searching;
      expect(search.status).toBe(200);
      expect(search.body).toContain("읽기 스레드 시험 기사");
      const { rows } = await slow;
      expect(Number(rows[0]?.counted)).toBe(SLOW_ROWS);
    });

    test("a read inside a transaction stays on the transaction's connection and sees its writes", async () => {
      const { db } = services();
      const seen = await db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable("content_revision").set({ revision: -1 }).where("id", "=", 1).execute();
          const row = await slowReads(trx)
            .selectFrom("content_revision")
            .select("revision")
            .where("id", "=", 1)
            .executeTakeFirstOrThrow();
          throw Object.assign(new Error("roll back"), { revision: Number(row.revision) });
        })
        .catch((error: { revision?: number }) => error.revision);
      expect(seen).toBe(-1);
    });
  },
  { demo: true },
);
