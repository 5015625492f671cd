import { beforeAll, describe, expect, test } from "vitest";
import type { Db } from "#server/db/database.ts";
import {
  excerpt,
  getArticle,
  listArticles,
  listArticleTags,
  parseArticleListQuery,
} from "#server/domain/articles/articles.ts";
import { indexArticles } from "#server/domain/articles/search-index.ts";
import { newId } from "#server/storage/storage.ts";
import { ALL_TAG, type ArticleListQuery, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "#shared/article-list-query.ts";
import { describeEachDatabase } from "./support/databases.ts";

interface Fixture {
  title: string;
  tag: string;
  text: string;
  /** Images by position; positions need not start at 0. */
  images?: { position: number; alt: string }[];
}

/** Newest first: each article is one day older than the one before it. */
const special: Fixture[] = [
  {
    title: "봄 해커톤 후기",
    tag: "행사",
    text: "열두 팀이 참가한 HackDay 이야기입니다.",
    images: [
      { position: 3, alt: "시상식" },
      { position: 1, alt: "발표 현장" },
      { position: 2, alt: "밤샘 코딩" },
    ],
  },
  { title: "알고리즘 스터디 수료", tag: "스터디", text: "그래프와 동적 계획법을 함께 풀었습니다." },
  { title: "React 세션 안내", tag: "세션", text: "컴포넌트와 Hooks를 배웁니다." },
  { title: "회비 50% 할인 안내", tag: "공지", text: "새내기는 회비를 절반만 냅니다." },
  { title: "서버 계정 정리", tag: "공지", text: "홈 폴더 경로는 C:\\kernel\\home 형식입니다." },
  { title: "변수 이름 짓기", tag: "세션", text: "snake_case와 camelCase의 차이를 다룹니다." },
];
const fillers: Fixture[] = Array.from({ length: 17 }, (_, index) => ({
  title: `주간 기록 ${String(index + 1).padStart(2, "0")}`,
  tag: "기록",
  text: `이번 주 동아리방 소식 ${index + 1}`,
}));
const fixtures = [...special, ...fillers];
const newest = new Date("2026-11-20T09:00:00.000Z");

interface Seeded extends Fixture {
  id: string;
  publishedAt: string;
}

async function insertArticles(db: Db): Promise<Seeded[]> {
  const seeded: Seeded[] = [];
  for (const [index, fixture] of fixtures.entries()) {
    const id = newId();
    const publishedAt = new Date(newest.getTime() - index * 86_400_000).toISOString();
    await db
      .insertInto("articles")
      .values({
        id,
        title: fixture.title,
        tag: fixture.tag,
        published_at: publishedAt,
        contents: `<p>${fixture.text}</p>`,
        contents_text: fixture.text,
        created_at: publishedAt,
        updated_at: publishedAt,
      })
      .execute();
    await indexArticles(db, [{ id, title: fixture.title, tag: fixture.tag, publishedAt, text: fixture.text }]);
    for (const image of fixture.images ?? []) {
      const fileId = newId();
      await db
        .insertInto("files")
        .values({
          id: fileId,
          storage_key: `media/${id}/${fileId}.webp`,
          content_type: "image/webp",
          byte_size: 1000,
          original_name: null,
          width: 1200,
          height: 800,
          variant_widths: JSON.stringify([480, 960]),
          created_at: publishedAt,
        })
        .execute();
      await db
        .insertInto("article_images")
        .values({ article_id: id, position: image.position, file_id: fileId, alt: image.alt })
        .execute();
    }
    seeded.push({ ...fixture, id, publishedAt });
  }
  return seeded;
}

function query(overrides: Partial<ArticleListQuery> = {}): ArticleListQuery {
  return { page: 1, limit: 100, search: "", tag: "", ...overrides };
}

function params(entries: Record<string, string>) {
  return parseArticleListQuery(new URLSearchParams(entries));
}

describe("the media list's query string", () => {
  test("is empty by default: page 1, nine per page, no search, no tag", () => {
    expect(params({ page: " 2 ", limit: "5" })).toMatchObject({ page: 2, limit: 5 });
    expect(params({})).toEqual({ page: 1, limit: DEFAULT_PAGE_SIZE, search: "", tag: "" });
  });

  test("'전체' and an empty tag both mean no tag filter", () => {
    expect(params({ tag: ALL_TAG }).tag).toBe("");
    expect(params({ tag: "" }).tag).toBe("");
    expect(params({ tag: "  행사 " }).tag).toBe("행사");
  });

  test.each([
    ["0", 1],
    ["-3", 1],
    ["abc", 1],
    ["2.5", 1],
    ["", 1],
    ["1e2", 1],
    ["0x2", 1],
    ["99999999", 99_999_999],
    ["3", 3],
  ])("page %j becomes %i", (page, expected) => {
    expect(params({ page }).page).toBe(expected);
  });

  test.each([
    ["abc", DEFAULT_PAGE_SIZE],
    ["7.5", DEFAULT_PAGE_SIZE],
    ["", DEFAULT_PAGE_SIZE],
    ["0", DEFAULT_PAGE_SIZE],
    ["-5", DEFAULT_PAGE_SIZE],
    ["1000", MAX_PAGE_SIZE],
    ["1", 1],
    ["12", 12],
  ])("limit %j becomes %i", (limit, expected) => {
    expect(params({ limit }).limit).toBe(expected);
  });

  test("the search is trimmed, NFKC-normalised and kept to 100 characters", () => {
    expect(params({ search: "  해커톤 " }).search).toBe("해커톤");
    // Decomposed jamo (as some keyboards send them) and full-width letters.
    expect(params({ search: "\u1112\u1162\u110f\u1165 ＲＥＡＣＴ" }).search).toBe("해커 REACT");
    expect(params({ search: "가".repeat(300) }).search).toHaveLength(100);
  });
});

describe("excerpts", () => {
  test("are one line, cut at a word near the length, with an ellipsis", () => {
    expect(excerpt("첫 줄\n\n둘째   줄")).toBe("첫 줄 둘째 줄");
    const long = "동아리 소식을 전합니다. ".repeat(20);
    const cut = excerpt(long, 50);
    expect(cut.length).toBeLessThanOrEqual(51);
    expect(cut.endsWith("…")).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
  });
});

describeEachDatabase("media list reads", (services) => {
  let seeded: Seeded[] = [];
  beforeAll(async () => {
    seeded = await insertArticles(services().db);
  });

  const titlesOf = (page: { items: { title: string }[] }) => page.items.map((item) => item.title);
  const list = async (overrides: Partial<ArticleListQuery> = {}) => {
    const page = await listArticles(services().db, services().storage, query(overrides));
    if (!page) throw new Error("The page is past the end of the list");
    return page;
  };

  test("lists every article newest first when nothing is filtered", async () => {
    const page = await list();
    expect(page.total).toBe(fixtures.length);
    expect(titlesOf(page)).toEqual(fixtures.map((fixture) => fixture.title));
    expect(page.items[0]).toMatchObject({
      id: seeded[0]?.id,
      tag: "행사",
      publishedAt: newest.toISOString(),
      excerpt: "열두 팀이 참가한 HackDay 이야기입니다.",
    });
  });

  test("a tag keeps only its articles; '전체' and an empty tag keep all", async () => {
    const notices = await list({ tag: "공지" });
    expect(titlesOf(notices)).toEqual(
      fixtures.filter((fixture) => fixture.tag === "공지").map((fixture) => fixture.title),
    );
    expect(notices.total).toBe(2);
    const all = await list(params({ tag: ALL_TAG }));
    const empty = await list(params({ tag: "" }));
    expect(all.total).toBe(fixtures.length);
    expect(empty.total).toBe(fixtures.length);
    expect(titlesOf(all)).toEqual(titlesOf(empty));
  });

  test("an unknown tag gives an empty first page, not an error", async () => {
    await expect(list({ tag: "없는 태그" })).resolves.toEqual({
      items: [],
      total: 0,
      totalCapped: false,
      page: 1,
      pageCount: 1,
      limit: 100,
    });
  });

  test("finds Korean substrings in titles, including the middle of a word", async () => {
    expect(titlesOf(await list({ search: "해커톤" }))).toEqual(["봄 해커톤 후기"]);
    expect(titlesOf(await list({ search: "커톤 후" }))).toEqual(["봄 해커톤 후기"]);
  });

  test("finds Korean substrings in the contents when the title does not have them", async () => {
    expect(titlesOf(await list({ search: "동적 계획" }))).toEqual(["알고리즘 스터디 수료"]);
    expect(titlesOf(await list({ search: "절반" }))).toEqual(["회비 50% 할인 안내"]);
  });

  test("matches Latin letters in any case, in titles and contents", async () => {
    expect(titlesOf(await list({ search: "REACT" }))).toEqual(["React 세션 안내"]);
    expect(titlesOf(await list({ search: "hackday" }))).toEqual(["봄 해커톤 후기"]);
    expect(titlesOf(await list({ search: "hOOKS" }))).toEqual(["React 세션 안내"]);
  });

  test("punctuation separates words and is not searched itself", async () => {
    expect(titlesOf(await list({ search: "50%" }))).toEqual(["회비 50% 할인 안내"]);
    expect(titlesOf(await list({ search: "snake_case" }))).toEqual(["변수 이름 짓기"]);
    expect(titlesOf(await list({ search: "\\kernel\\" }))).toEqual(["서버 계정 정리"]);
    expect(titlesOf(await list({ search: '%_"*(' }))).toEqual([]);
    // Words quoted or starred for the index's query language are words all the same.
    expect(titlesOf(await list({ search: '"HackDay"*' }))).toEqual(["봄 해커톤 후기"]);
  });

  test("combines the search with the tag", async () => {
    expect(titlesOf(await list({ search: "안내" }))).toEqual(["React 세션 안내", "회비 50% 할인 안내"]);
    expect(titlesOf(await list({ search: "안내", tag: "공지" }))).toEqual(["회비 50% 할인 안내"]);
    expect((await list({ search: "안내", tag: "행사" })).total).toBe(0);
  });

  test("pages by index times limit, with the total over all pages", async () => {
    const limit = 4;
    const pageCount = Math.ceil(fixtures.length / limit);
    const seen: string[] = [];
    for (let page = 1; page <= pageCount; page += 1) {
      const result = await list({ page, limit });
      expect(result).toMatchObject({ page, pageCount, limit, total: fixtures.length });
      expect(titlesOf(result)).toEqual(
        fixtures.slice((page - 1) * limit, page * limit).map((fixture) => fixture.title),
      );
      seen.push(...titlesOf(result));
    }
    expect(seen).toEqual(fixtures.map((fixture) => fixture.title));
  });

  test("pages a filtered list within the filter", async () => {
    const records = fixtures.filter((fixture) => fixture.tag === "기록");
    const second = await list({ tag: "기록", page: 2, limit: 5 });
    expect(second.total).toBe(records.length);
    expect(second.pageCount).toBe(Math.ceil(records.length / 5));
    expect(titlesOf(second)).toEqual(records.slice(5, 10).map((fixture) => fixture.title));
  });

  test("a page past the end does not exist; the first page of an empty list does", async () => {
    const limit = 10;
    const lastPage = Math.ceil(fixtures.length / limit);
    const last = await list({ page: lastPage, limit });
    expect(titlesOf(last)).toEqual(fixtures.slice((lastPage - 1) * limit).map((fixture) => fixture.title));
    const { db, storage } = services();
    await expect(listArticles(db, storage, query({ page: lastPage + 1, limit }))).resolves.toBe(undefined);
    await expect(listArticles(db, storage, query({ page: 2, search: "해커톤" }))).resolves.toBe(undefined);
    await expect(list({ search: "없는말" })).resolves.toMatchObject({ page: 1, pageCount: 1 });
  });

  test("malformed limits from the address fall back to a full default page", async () => {
    const result = await list(params({ limit: "lots", page: "first" }));
    expect(result.limit).toBe(DEFAULT_PAGE_SIZE);
    expect(result.page).toBe(1);
    expect(result.items).toHaveLength(DEFAULT_PAGE_SIZE);
    const clamped = await list(params({ limit: "500" }));
    expect(clamped.items).toHaveLength(Math.min(MAX_PAGE_SIZE, fixtures.length));
  });

  test("a card shows the article's first image by position", async () => {
    const [first, second] = (await list({ limit: 2 })).items;
    expect(first?.cover?.alt).toBe("발표 현장");
    expect(first?.cover?.image).toMatchObject({ width: 1200, height: 800 });
    expect(first?.cover?.image.srcSet).toMatch(/ 480w, .* 960w, .* 1200w$/);
    expect(second?.cover).toBeUndefined();
  });

  test("the tag list counts the articles of every tag, the most used first", async () => {
    const counts = new Map<string, number>();
    for (const fixture of fixtures) counts.set(fixture.tag, (counts.get(fixture.tag) ?? 0) + 1);
    const tags = await listArticleTags(services().db);
    expect(tags).toEqual(
      [...counts.entries()]
        .map(([tag, count]) => ({ tag, count }))
        .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1)),
    );
  });

  test("one article comes with its images in order and its neighbours in the list", async () => {
    const { db, storage } = services();
    const [newestArticle, secondArticle, thirdArticle] = seeded;
    const article = await getArticle(db, storage, secondArticle?.id ?? "");
    expect(article).toMatchObject({
      title: "알고리즘 스터디 수료",
      contents: "<p>그래프와 동적 계획법을 함께 풀었습니다.</p>",
      excerpt: "그래프와 동적 계획법을 함께 풀었습니다.",
      newer: { id: newestArticle?.id, title: newestArticle?.title },
      older: { id: thirdArticle?.id, title: thirdArticle?.title },
      images: [],
    });

    const withImages = await getArticle(db, storage, newestArticle?.id ?? "");
    expect(withImages?.images.map((image) => image.alt)).toEqual(["발표 현장", "밤샘 코딩", "시상식"]);
    expect(withImages?.images[0]?.image.url).toMatch(/^\/uploads\/media\/[0-9a-f]{32}\/.+\.webp$/);
    expect(withImages?.newer).toBeUndefined();

    const oldest = await getArticle(db, storage, seeded.at(-1)?.id ?? "");
    expect(oldest?.older).toBeUndefined();
    expect(oldest?.newer?.id).toBe(seeded.at(-2)?.id);
  });

  test("an unknown or malformed id finds nothing", async () => {
    const { db, storage } = services();
    await expect(getArticle(db, storage, newId())).resolves.toBeUndefined();
    await expect(getArticle(db, storage, "not-an-id")).resolves.toBeUndefined();
    await expect(getArticle(db, storage, "' or 1=1 --")).resolves.toBeUndefined();
  });
});
