import { expect, test } from "vitest";
import { getPageViewStats, recordPageView } from "#server/domain/analytics/page-views.ts";
import { resolvePublicPage } from "#server/domain/seo/public-pages.ts";
import { describeEachDatabase } from "./support/databases.ts";

describeEachDatabase("page views", (services) => {
  test("views add up per Seoul day and path with one upsert", async () => {
    const { db } = services();
    // 22 November 14:30 UTC is 23:30 in Seoul; 15:30 UTC is already the 23rd.
    await recordPageView(db, "/archive/rule", new Date("2026-11-22T14:30:00Z"));
    await recordPageView(db, "/archive/rule", new Date("2026-11-22T14:45:00Z"));
    await recordPageView(db, "/archive/rule", new Date("2026-11-22T15:30:00Z"));
    await recordPageView(db, "/archive/odaeho", new Date("2026-11-22T15:30:00Z"));
    await Promise.all(
      Array.from({ length: 5 }, () => recordPageView(db, "/archive/calendar", new Date("2026-11-24T03:00:00Z"))),
    );

    const rows = await db.selectFrom("page_views").selectAll().orderBy("day").orderBy("path").execute();
    expect(rows.map((row) => ({ ...row, views: Number(row.views) }))).toEqual([
      { day: "2026-11-22", path: "/archive/rule", views: 2 },
      { day: "2026-11-23", path: "/archive/odaeho", views: 1 },
      { day: "2026-11-23", path: "/archive/rule", views: 1 },
      { day: "2026-11-24", path: "/archive/calendar", views: 5 },
    ]);
  });

  test("the range report sums per day (every day listed) and per path", async () => {
    const { db } = services();
    const stats = await getPageViewStats(db, { from: "2026-11-21", to: "2026-11-24" });
    expect(stats).toEqual({
      range: { from: "2026-11-21", to: "2026-11-24" },
      total: 9,
      byDay: [
        { day: "2026-11-21", views: 0 },
        { day: "2026-11-22", views: 2 },
        { day: "2026-11-23", views: 2 },
        { day: "2026-11-24", views: 5 },
      ],
      byPath: [
        { path: "/archive/calendar", views: 5 },
        { path: "/archive/rule", views: 3 },
        { path: "/archive/odaeho", views: 1 },
      ],
    });

    const oneDay = await getPageViewStats(db, { from: "2026-11-23", to: "2026-11-23" });
    expect(oneDay.total).toBe(2);
    expect(oneDay.byPath).toEqual([
      { path: "/archive/odaeho", views: 1 },
      { path: "/archive/rule", views: 1 },
    ]);
  });

  test("a malformed or reversed range is refused", async () => {
    const { db } = services();
    await expect(getPageViewStats(db, { from: "2026-11-24", to: "2026-11-21" })).rejects.toThrow(
      /from must not be after to/,
    );
    await expect(getPageViewStats(db, { from: "2026-13-01", to: "2026-13-02" })).rejects.toThrow();
    await expect(getPageViewStats(db, { from: "2024-01-01", to: "2026-01-01" })).rejects.toThrow(/366 days/);
  });

  test("only public pages and existing articles count as pages", async () => {
    const { db } = services();
    const stamp = new Date().toISOString();
    const articleId = "0123456789abcdef0123456789abcdef";
    await db
      .insertInto("articles")
      .values({
        id: articleId,
        title: "해커톤 후기",
        tag: "행사",
        published_at: stamp,
        contents: "<p>후기</p>",
        contents_text: "후기",
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();

    expect(await resolvePublicPage(db, "/")).toBe("/");
    expect(await resolvePublicPage(db, "/archive/calendar/")).toBe("/archive/calendar");
    expect(await resolvePublicPage(db, `/community/media/${articleId}`)).toBe(`/community/media/${articleId}`);
    for (const path of [
      "/admin",
      "/admin/manage-posts",
      "/rules/KERNEL-rules.pdf",
      "/calendar.ics",
      "/api/page-views",
      "/no/such/page",
      "/community/media/ffffffffffffffffffffffffffffffff",
      "/community/media/not-an-id",
      "/archive/rule/../../admin",
    ]) {
      expect(await resolvePublicPage(db, path)).toBeUndefined();
    }
  });
});
