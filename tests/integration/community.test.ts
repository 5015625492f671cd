import { beforeAll, expect, test } from "vitest";
import type { Db } from "#server/db/database.ts";
import type { CourseKind } from "#server/db/schema.ts";
import { listMainActivitiesByYear } from "#server/domain/activities/activities.ts";
import { getCourseRecord, listPeriods } from "#server/domain/courses/courses.ts";
import { listFeedItems } from "#server/domain/feed/feed.ts";
import { newId } from "#server/storage/storage.ts";
import { describeEachDatabase } from "./support/databases.ts";

const stamp = "2026-11-20T09:00:00.000Z";
const timestamps = { created_at: stamp, updated_at: stamp };

async function insertImage(db: Db, folder: string, size = { width: 1200, height: 800 }) {
  const id = newId();
  await db
    .insertInto("files")
    .values({
      id,
      storage_key: `${folder}/${id}.webp`,
      content_type: "image/webp",
      byte_size: 1000,
      original_name: null,
      ...size,
      variant_widths: JSON.stringify([480]),
      created_at: stamp,
    })
    .execute();
  return id;
}

/** Activities inserted out of order: the reads must order them, not the insertion. */
const activities = [
  { year: 2024, position: 1, title: "여름 게임잼", direction: "right" as const },
  { year: 2026, position: 2, title: "가을 해커톤", direction: "left" as const },
  { year: 2025, position: 0, title: "새내기 코딩 대회", direction: "left" as const },
  { year: 2026, position: 0, title: "홈커밍 데이", direction: "left" as const, noImage: true },
  { year: 2024, position: 0, title: "봄 해커톤", direction: "left" as const },
  { year: 2026, position: 1, title: "여름 게임잼 2026", direction: "right" as const },
];

const periodNames = [
  { name: "2026-1학기", position: 1 },
  { name: "2026-2학기", position: 2 },
  { name: "2025-2학기", position: 0 },
];

const entries: { period: string; kind: CourseKind; position: number; title: string }[] = [
  { period: "2026-2학기", kind: "study", position: 1, title: "리눅스 스터디" },
  { period: "2026-2학기", kind: "project", position: 0, title: "자리있냥" },
  { period: "2026-2학기", kind: "session", position: 1, title: "네트워크 세션" },
  { period: "2026-2학기", kind: "study", position: 0, title: "알고리즘 스터디" },
  { period: "2026-2학기", kind: "session", position: 0, title: "웹 세션" },
  { period: "2026-1학기", kind: "project", position: 0, title: "빈 강의실 지도" },
];

const feed = [
  { position: 2, caption: "시상식", link: "" },
  { position: 0, caption: "새벽 4시의 해커톤", link: "https://www.instagram.com/kernel.saesol" },
  { position: 1, caption: "스터디 마지막 모임", link: "" },
];

describeEachDatabase("community reads", (services) => {
  const periodIds = new Map<string, string>();
  beforeAll(async () => {
    const { db } = services();
    for (const activity of activities) {
      const imageId = activity.noImage ? null : await insertImage(db, "activities");
      await db
        .insertInto("main_activities")
        .values({
          id: newId(),
          year: activity.year,
          position: activity.position,
          title: activity.title,
          description: `${activity.title} 이야기`,
          image_file_id: imageId,
          direction: activity.direction,
          ...timestamps,
        })
        .execute();
    }
    for (const period of periodNames) {
      const id = newId();
      periodIds.set(period.name, id);
      await db
        .insertInto("periods")
        .values({ id, name: period.name, position: period.position, ...timestamps })
        .execute();
    }
    for (const entry of entries) {
      await db
        .insertInto("course_entries")
        .values({
          id: newId(),
          period_id: periodIds.get(entry.period) ?? "",
          kind: entry.kind,
          position: entry.position,
          title: entry.title,
          description: `${entry.title} 설명`,
          leader: "김도윤",
          ...timestamps,
        })
        .execute();
    }
    for (const item of feed) {
      await db
        .insertInto("feed_items")
        .values({
          id: newId(),
          image_file_id: await insertImage(db, "feed", { width: 1080, height: 1080 }),
          caption: item.caption,
          link: item.link,
          posted_at: stamp,
          position: item.position,
          ...timestamps,
        })
        .execute();
    }
  });

  test("main activities come grouped by year, newest year first, in the managers' order", async () => {
    const years = await listMainActivitiesByYear(services().db, services().storage);
    const expected = [...new Set(activities.map((activity) => activity.year))]
      .sort((a, b) => b - a)
      .map((year) => ({
        year,
        titles: activities
          .filter((activity) => activity.year === year)
          .sort((a, b) => a.position - b.position)
          .map((activity) => activity.title),
      }));
    expect(years.map(({ year, activities }) => ({ year, titles: activities.map((a) => a.title) }))).toEqual(expected);
  });

  test("an activity keeps its direction, description and image, or has no image", async () => {
    const [newest] = await listMainActivitiesByYear(services().db, services().storage);
    const [first, second] = newest?.activities ?? [];
    expect(first).toMatchObject({ title: "홈커밍 데이", image: undefined });
    expect(second).toMatchObject({
      title: "여름 게임잼 2026",
      description: "여름 게임잼 2026 이야기",
      direction: "right",
      image: { width: 1200, height: 800 },
    });
    expect(second?.image?.url).toMatch(/^\/uploads\/activities\/[0-9a-f]{32}\.webp$/);
  });

  test("periods come in the stored order", async () => {
    const periods = await listPeriods(services().db);
    expect(periods.map((period) => period.name)).toEqual(
      [...periodNames].sort((a, b) => a.position - b.position).map((period) => period.name),
    );
    expect(periods.map((period) => period.id)).toEqual(periods.map((period) => periodIds.get(period.name)));
  });

  test("a period's record has its projects, sessions and studies, each in order", async () => {
    const record = await getCourseRecord(services().db, periodIds.get("2026-2학기") ?? "");
    const titles = (kind: CourseKind) =>
      entries
        .filter((entry) => entry.period === "2026-2학기" && entry.kind === kind)
        .sort((a, b) => a.position - b.position)
        .map((entry) => entry.title);
    expect(record.project.map((entry) => entry.title)).toEqual(titles("project"));
    expect(record.session.map((entry) => entry.title)).toEqual(titles("session"));
    expect(record.study.map((entry) => entry.title)).toEqual(titles("study"));
    expect(record.study[0]).toMatchObject({
      description: "알고리즘 스터디 설명",
      leader: "김도윤",
    });
  });

  test("a period without entries, or an unknown one, has an empty record", async () => {
    const empty = { project: [], session: [], study: [] };
    await expect(getCourseRecord(services().db, periodIds.get("2025-2학기") ?? "")).resolves.toEqual(empty);
    await expect(getCourseRecord(services().db, newId())).resolves.toEqual(empty);
  });

  test("feed items come in the managers' order with square images and their links", async () => {
    const items = await listFeedItems(services().db, services().storage);
    expect(items.map((item) => item.caption)).toEqual(
      [...feed].sort((a, b) => a.position - b.position).map((item) => item.caption),
    );
    expect(items[0]).toMatchObject({
      link: "https://www.instagram.com/kernel.saesol",
      postedAt: stamp,
      image: { width: 1080, height: 1080 },
    });
    expect(items[1]?.link).toBe("");
  });
});
