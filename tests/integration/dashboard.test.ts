import { type Compilable, CompiledQuery, sql } from "kysely";
import { expect, test } from "vitest";
import type { Db } from "#server/db/database.ts";
import { getPageViewStats, recordPageView } from "#server/domain/analytics/page-views.ts";
import { PENDING_ON_DASHBOARD, pendingArticlesOverview } from "#server/domain/dashboard/pending-articles.ts";
import { listRecentChanges, recentChangesQuery } from "#server/domain/dashboard/recent-changes.ts";
import { getSiteTraffic, TOP_PAGE_COUNT, TRAFFIC_DAYS } from "#server/domain/dashboard/site-traffic.ts";
import { newId } from "#server/storage/storage.ts";
import type { AuditCategory, AuditType } from "#shared/audit-categories.ts";
import { seoulDateTimeInput } from "#shared/dates.ts";
import { articleForm, created } from "./support/article-forms.ts";
import { describeEachDatabase, type TestServices } from "./support/databases.ts";

/**
 * The dashboard's own reads: the page views of the last 30 Seoul days with the most viewed pages,
 * the latest content changes from the audit log, and the articles not yet public.
 */

const DAY = 24 * 60 * 60 * 1000;

/** The plan the database makes for a query, one line per step. */
async function planOf(services: TestServices, query: Compilable<unknown>): Promise<string> {
  const { db, engine } = services;
  const compiled = query.compile();
  const explain = (prefix: string) => CompiledQuery.raw(`${prefix} ${compiled.sql}`, [...compiled.parameters]);
  if (engine === "sqlite") {
    const plan = await db.executeQuery<{ detail: string }>(explain("explain query plan"));
    return plan.rows.map((row) => row.detail).join("\n");
  }
  // A tiny table is scanned (or bitmap-read and sorted) whatever its indexes; with both off, the
  // plan shows whether an index can serve the query, and in which order.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    const plan = await trx.executeQuery<{ "QUERY PLAN": string }>(explain("explain"));
    return plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}

async function addViews(db: Db, path: string, at: string, count: number) {
  for (let index = 0; index < count; index += 1) await recordPageView(db, path, new Date(at));
}

describeEachDatabase("dashboard", (services) => {
  // 16:30 UTC on 24 November is 01:30 on the 25th in Seoul: the last day of the range is the 25th.
  const now = new Date("2026-11-24T16:30:00Z");

  test("the traffic covers 30 Seoul days up to today, every day listed, zeros included", async () => {
    const { db } = services();
    // 15:00 UTC on the 24th is midnight starting the 25th in Seoul; 14:59 is still the 24th.
    await addViews(db, "/archive/rule", "2026-11-24T15:00:00Z", 3);
    await addViews(db, "/archive/rule", "2026-11-24T14:59:59Z", 2);
    // The first day of the range, 27 October, begins at 15:00 UTC on the 26th.
    await addViews(db, "/archive/odaeho", "2026-10-26T15:00:00Z", 1);
    // Just before it: the 26th in Seoul, outside the range.
    await addViews(db, "/archive/odaeho", "2026-10-26T14:59:59Z", 4);
    // After today in Seoul: outside it too.
    await addViews(db, "/archive/odaeho", "2026-11-25T15:00:00Z", 6);

    const traffic = await getSiteTraffic(db, { now });
    expect(traffic.range).toEqual({ from: "2026-10-27", to: "2026-11-25" });
    expect(traffic.days).toBe(TRAFFIC_DAYS);
    expect(traffic.byDay).toHaveLength(30);
    expect(traffic.byDay[0]).toEqual({ day: "2026-10-27", views: 1 });
    expect(traffic.byDay.at(-2)).toEqual({ day: "2026-11-24", views: 2 });
    expect(traffic.byDay.at(-1)).toEqual({ day: "2026-11-25", views: 3 });
    // Consecutive dates, across the month's end, each with a number.
    const days = traffic.byDay.map((row) => row.day);
    expect(days).toContain("2026-10-31");
    expect(days).toContain("2026-11-01");
    expect(new Set(days).size).toBe(30);
    expect(traffic.byDay.filter((row) => row.views === 0)).toHaveLength(27);
    expect(traffic.total).toBe(6);
    expect(traffic.busiest).toEqual({ day: "2026-11-25", views: 3 });
    expect(traffic.topPages).toEqual([
      { path: "/archive/rule", title: "회칙", views: 5 },
      { path: "/archive/odaeho", title: "오대호", views: 1 },
    ]);
  });

  test("the most viewed pages are the top ten, named, with the total over every page", async () => {
    const s = services();
    const article = await created(
      s,
      articleForm({
        title: "대시보드 시험 글",
        publishedAt: seoulDateTimeInput(new Date(now.getTime() - DAY).toISOString()),
      }),
    );
    const gone = "ffffffffffffffffffffffffffffffff";
    // A month later, on days of their own: 20 November 2027 in Seoul and the days before it.
    const later = new Date("2027-11-20T03:00:00Z");
    const pages = [
      ["/community/media", 30],
      [`/community/media/${article.id}`, 25],
      ["/", 20],
      [`/community/media/${gone}`, 15],
      ["/about", 12],
      ["/join", 11],
      ["/game", 10],
      ["/archive/calendar", 9],
      ["/community/feed", 8],
      // Ties are ordered by path.
      ["/about/ci", 7],
      ["/about/contact", 7],
      ["/archive/rule", 6],
    ] as const;
    for (const [index, [path, views]] of pages.entries()) {
      // Spread over days, so each page's count is a sum of several rows.
      const first = views - 1;
      await addViews(s.db, path, new Date(later.getTime() - (index % 5) * DAY).toISOString(), first);
      await addViews(s.db, path, new Date(later.getTime() - 20 * DAY).toISOString(), views - first);
    }
    // The day before the range begins.
    await addViews(s.db, "/archive/rule", new Date(later.getTime() - TRAFFIC_DAYS * DAY).toISOString(), 50);

    const traffic = await getSiteTraffic(s.db, { now: later });
    expect(traffic.topPages).toHaveLength(TOP_PAGE_COUNT);
    expect(traffic.topPages).toEqual([
      { path: "/community/media", title: "미디어", views: 30 },
      { path: `/community/media/${article.id}`, title: "대시보드 시험 글", views: 25 },
      { path: "/", title: "홈", views: 20 },
      // An article deleted since: no name, but its views still count.
      { path: `/community/media/${gone}`, title: null, views: 15 },
      { path: "/about", title: "동아리 소개", views: 12 },
      { path: "/join", title: "지원하기", views: 11 },
      { path: "/game", title: "Command Rush", views: 10 },
      { path: "/archive/calendar", title: "캘린더", views: 9 },
      { path: "/community/feed", title: "피드", views: 8 },
      { path: "/about/ci", title: "CI", views: 7 },
    ]);
    // Every page counts towards the total, those below the top ten too.
    expect(traffic.total).toBe(pages.reduce((sum, [, views]) => sum + views, 0));
    expect(traffic.byDay.reduce((sum, row) => sum + row.views, 0)).toBe(traffic.total);
    expect(traffic.busiest?.day).toBe("2027-11-20");
  });

  test("a month without views gives thirty zeros and no busiest day", async () => {
    const traffic = await getSiteTraffic(services().db, { now: new Date("2025-03-15T00:00:00Z") });
    expect(traffic.byDay).toHaveLength(30);
    expect(traffic.byDay.every((row) => row.views === 0)).toBe(true);
    expect(traffic).toMatchObject({ total: 0, busiest: null, topPages: [] });
  });

  test("the sums read the range from the primary key, not the whole table", async () => {
    const s = services();
    const range = { from: "2026-10-27", to: "2026-11-25" };
    const inRange = s.db.selectFrom("page_views").where("day", ">=", range.from).where("day", "<=", range.to);
    const byDay = inRange.select((eb) => ["day", eb.fn.sum("views").as("view_count")]).groupBy("day");
    const byPath = inRange
      .select((eb) => ["path", eb.fn.sum("views").as("view_count")])
      .groupBy("path")
      .orderBy("view_count", "desc")
      .limit(TOP_PAGE_COUNT);
    for (const query of [byDay, byPath]) {
      const plan = await planOf(s, query);
      if (s.engine === "sqlite")
        expect(plan).toMatch(/SEARCH page_views USING INDEX sqlite_autoindex_page_views_1 \(day>\? AND day<\?\)/);
      else expect(plan).toContain("page_views_pk");
    }
    // The same numbers as the report the queries belong to.
    const stats = await getPageViewStats(s.db, range, { pathLimit: TOP_PAGE_COUNT });
    expect(stats.total).toBe(6);
  });

  test("recent changes are the latest successful content changes, newest first", async () => {
    const { db } = services();
    // In 2030, so the entries the other tests' writes left (in the present) are long past.
    const at = new Date("2030-06-15T12:00:00Z");
    const minutesAgo = (minutes: number) => new Date(at.getTime() - minutes * 60_000).toISOString();
    const entry = (minutes: number, fields: { category: AuditCategory; content: string; type?: AuditType }) => ({
      id: newId(),
      category: fields.category,
      type: fields.type ?? "normal",
      content: fields.content,
      error: fields.type === "failure" ? "서버 오류" : null,
      actor: "editor@club.test",
      time: minutesAgo(minutes),
    });
    await db
      .insertInto("audit_log")
      .values([
        entry(1, { category: "account", content: "editor@club.test 로그인" }),
        entry(2, { category: "media", content: "'실패한 글' 게시글을 저장하지 못했습니다", type: "failure" }),
        entry(3, { category: "calendar", content: "'종강 파티' 일정이 추가되었습니다" }),
        entry(4, { category: "media", content: "'해커톤 후기' 게시글이 수정되었습니다" }),
        entry(5, { category: "siteSettings", content: "사이트 설정이 저장되었습니다" }),
        entry(6, { category: "feed", content: "피드 게시물이 추가되었습니다" }),
        entry(7, { category: "leaders", content: "운영진 정보가 저장되었습니다" }),
        entry(8, { category: "odaeho", content: "오대호 한 호가 추가되었습니다" }),
        // 31 days before: no longer recent.
        entry(31 * 24 * 60, { category: "rules", content: "회칙이 저장되었습니다" }),
      ])
      .execute();

    const changes = await listRecentChanges(db, { now: at });
    expect(changes.map((change) => [change.category, change.content])).toEqual([
      ["calendar", "'종강 파티' 일정이 추가되었습니다"],
      ["media", "'해커톤 후기' 게시글이 수정되었습니다"],
      ["siteSettings", "사이트 설정이 저장되었습니다"],
      ["feed", "피드 게시물이 추가되었습니다"],
      ["leaders", "운영진 정보가 저장되었습니다"],
    ]);
    expect(changes[0]).toMatchObject({ actor: "editor@club.test", time: minutesAgo(3) });
    await expect(listRecentChanges(db, { now: at, limit: 7 })).resolves.toHaveLength(6);
    const monthLater = new Date(at.getTime() + 31 * DAY);
    await expect(listRecentChanges(db, { now: monthLater })).resolves.toEqual([]);

    // Read along the time index, which gives the order: no sorting step.
    const plan = await planOf(services(), recentChangesQuery(db, new Date(at.getTime() - 30 * DAY), 5));
    expect(plan).toContain("audit_log_time");
    if (services().engine === "sqlite") expect(plan).not.toContain("TEMP B-TREE");
    else expect(plan).not.toMatch(/^\s*(->\s*)?Sort\b/m);
  });

  test("the articles not yet public: the next scheduled first, then the drafts, a few of them", async () => {
    const s = services();
    const inDays = (days: number) => seoulDateTimeInput(new Date(Date.now() + days * DAY).toISOString());
    const later = (
      await created(s, articleForm({ title: "나중 예약 글", status: "scheduled", publishedAt: inDays(9) }))
    ).id;
    const sooner = (
      await created(s, articleForm({ title: "먼저 예약 글", status: "scheduled", publishedAt: inDays(2) }))
    ).id;
    const drafts: string[] = [];
    for (let index = 1; index <= PENDING_ON_DASHBOARD; index += 1) {
      const form = articleForm({ title: `임시 글 ${index}`, status: "draft", publishedAt: inDays(-1) });
      drafts.push((await created(s, form)).id);
    }

    const pending = await pendingArticlesOverview(s.db);
    expect(pending.total).toBe(PENDING_ON_DASHBOARD + 2);
    expect(pending.totalCapped).toBe(false);
    expect(pending.items).toHaveLength(PENDING_ON_DASHBOARD);
    expect(pending.items.slice(0, 2).map((item) => [item.id, item.status])).toEqual([
      [sooner, "scheduled"],
      [later, "scheduled"],
    ]);
    const shownDrafts = pending.items.slice(2);
    expect(shownDrafts.every((item) => item.status === "draft" && drafts.includes(item.id))).toBe(true);
    // The latest saved draft is among them; the oldest waits in the articles list.
    expect(shownDrafts.map((item) => item.id)).toContain(drafts.at(-1));
    expect(shownDrafts.map((item) => item.id)).not.toContain(drafts[0]);
    const first = pending.items[0];
    expect(first?.title).toBe("먼저 예약 글");
    expect(seoulDateTimeInput(first?.publishedAt ?? "")).toBe(inDays(2));
  });
});
