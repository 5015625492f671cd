import { beforeAll, expect, test } from "vitest";
import { type AuditCategory, listAuditEntries, writeAuditLog } from "#server/domain/audit-log/audit-log.ts";
import { contentOverview } from "#server/domain/write/admin-pages.ts";
import { newId } from "#server/storage/storage.ts";
import { describeEachDatabase } from "./support/databases.ts";

const categories: AuditCategory[] = ["account", "media", "feed"];

describeEachDatabase("audit-log queries", (services) => {
  // 30 entries a minute apart: entry i has category categories[i % 3] and fails when i % 5 == 0.
  beforeAll(async () => {
    const rows = Array.from({ length: 30 }, (_, index) => ({
      id: newId(),
      category: categories[index % 3] ?? "account",
      type: index % 5 === 0 ? ("failure" as const) : ("normal" as const),
      content: `entry ${index}`,
      error: index % 5 === 0 ? "Error: boom" : null,
      actor: "manager@club.test",
      time: new Date(Date.UTC(2030, 0, 1, 0, index)).toISOString(),
    }));
    await services().db.insertInto("audit_log").values(rows).execute();
  });

  test("the newest entries come first, 20 to a page, with the total", async () => {
    const first = await listAuditEntries(services().db, { page: 1, pageSize: 20 });
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    expect(first.entries.map((entry) => entry.content)).toEqual(
      Array.from({ length: 20 }, (_, index) => `entry ${29 - index}`),
    );
    const second = await listAuditEntries(services().db, { page: 2, pageSize: 20 });
    expect(second.entries.map((entry) => entry.content)).toEqual(
      Array.from({ length: 10 }, (_, index) => `entry ${9 - index}`),
    );
  });

  test("a page past the end shows the last page; below 1 the first", async () => {
    const past = await listAuditEntries(services().db, { page: 99, pageSize: 20 });
    expect(past.page).toBe(2);
    expect(past.entries).toHaveLength(10);
    const below = await listAuditEntries(services().db, { page: 0, pageSize: 20 });
    expect(below.page).toBe(1);
  });

  test("filters by category, by type and by both, counting in the database", async () => {
    const media = await listAuditEntries(services().db, {
      category: "media",
      page: 1,
      pageSize: 20,
    });
    expect(media.total).toBe(10);
    expect(media.entries.every((entry) => entry.category === "media")).toBe(true);

    const failures = await listAuditEntries(services().db, {
      type: "failure",
      page: 1,
      pageSize: 20,
    });
    expect(failures.entries.map((entry) => entry.content)).toEqual([
      "entry 25",
      "entry 20",
      "entry 15",
      "entry 10",
      "entry 5",
      "entry 0",
    ]);
    expect(failures.entries.every((entry) => entry.error === "Error: boom")).toBe(true);

    const both = await listAuditEntries(services().db, {
      category: "account",
      type: "failure",
      page: 1,
      pageSize: 20,
    });
    // Indexes divisible by 3 and by 5: 0 and 15.
    expect(both.entries.map((entry) => entry.content)).toEqual(["entry 15", "entry 0"]);
    expect(both.pageCount).toBe(1);
  });

  test("an empty result is one empty page", async () => {
    const none = await listAuditEntries(services().db, {
      category: "odaeho",
      page: 3,
      pageSize: 20,
    });
    expect(none).toEqual({ entries: [], total: 0, page: 1, pageCount: 1 });
  });

  test("an entry written with an error is a failure, and shows up in the query", async () => {
    const written = await writeAuditLog(services().db, {
      category: "calendar",
      content: "'총회' 일정을 저장하지 못했습니다",
      error: new Error("disk full"),
      actor: "manager@club.test",
    });
    expect(written.type).toBe("failure");
    const found = await listAuditEntries(services().db, {
      category: "calendar",
      page: 1,
      pageSize: 20,
    });
    expect(found.entries).toEqual([written]);
    expect(written.error).toBe("서버 오류 — Error: disk full");
  });
});

describeEachDatabase("content counts", (services) => {
  test("count the rows of each kind of content in one query", async () => {
    const { db } = services();
    const now = new Date().toISOString();
    await db
      .insertInto("periods")
      .values([
        { id: newId(), name: "2030-1", position: 0, created_at: now, updated_at: now },
        { id: newId(), name: "2030-2", position: 1, created_at: now, updated_at: now },
      ])
      .execute();
    await db
      .insertInto("files")
      .values({
        id: newId(),
        storage_key: "test/a.txt",
        content_type: "text/plain",
        byte_size: 1,
        original_name: null,
        width: null,
        height: null,
        created_at: now,
      })
      .execute();
    const overview = await contentOverview(db);
    const countsOf = (path: string) =>
      Object.fromEntries(
        (overview.pages.find((page) => page.path === path)?.counts ?? []).map((count) => [count.label, count.value]),
      );
    expect(countsOf("/admin/manage-courses")).toEqual({ 학기: 2, 항목: 0 });
    expect(countsOf("/admin/manage-posts")).toEqual({ 게시글: 0 });
    expect(countsOf("/admin/manage-organization")).toEqual({ 그룹: 0, 구성원: 0 });
    expect(overview.files).toBe(1);
    expect(overview.accounts).toBe(0);
    // Every content page is listed once, documents with their last save instead of a count.
    expect(new Set(overview.pages.map((page) => page.path)).size).toBe(overview.pages.length);
    expect(overview.pages.find((page) => page.path === "/admin/manage-rule")?.counts).toEqual([]);
  });
});
