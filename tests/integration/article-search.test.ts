import { sql } from "kysely";
import { beforeAll, expect, test } from "vitest";
import { listManagedArticles } from "#server/domain/articles/admin-list.ts";
import { listArticles, listArticleTags } from "#server/domain/articles/articles.ts";
import { articleDraftSchema, createArticle, deleteArticle, updateArticle } from "#server/domain/articles/manage.ts";
import { SEARCH_COUNT_LIMIT } from "#server/domain/articles/search-query.ts";
import { writeWithFiles } from "#server/domain/files/files.ts";
import { VersionConflictError } from "#server/failures.ts";
import { migrateDatabase } from "#server/migrate.ts";
import { insertSeedArticles, seededRandom } from "#server/seed/bulk-articles.ts";
import { newId } from "#server/storage/storage.ts";
import type { ArticleListQuery } from "#shared/article-list-query.ts";
import { describeEachDatabase, type TestServices } from "./support/databases.ts";

/** Newest first: each one a day older than the one before. */
const fixtures = [
  { title: "신입 부원 모집", tag: "모집", body: "지난 행사 후기는 게시판에 있습니다." },
  { title: "2026 봄 해커톤 후기", tag: "행사", body: "밤샘 코딩과 React 발표가 있었습니다." },
  { title: "알고리즘 스터디 안내", tag: "스터디", body: "매주 목요일 동아리방에서 모입니다." },
  { title: "가을 행사 일정", tag: "행사", body: "해커 톤이라고 띄어 쓰면 다른 말입니다." },
  { title: "REACT 세미나", tag: "세미나", body: "새봄을 맞아 Hooks와 라우터를 배웁니다." },
  { title: "동아리방 소식", tag: "공지", body: "해커톤 준비 스터디가 모집 중입니다." },
  { title: "졸업생 초청 강연 후기", tag: "행사", body: "리눅스 커널 이야기를 들었습니다." },
];

function seoulInput(daysAgo: number): string {
  const day = new Date(Date.UTC(2026, 10, 20 - daysAgo, 9, 0));
  return `${day.toISOString().slice(0, 10)}T18:00`;
}

async function create(s: TestServices, fixture: (typeof fixtures)[number], daysAgo: number) {
  const draft = articleDraftSchema.parse({
    title: fixture.title,
    tag: fixture.tag,
    publishedAt: seoulInput(daysAgo),
    contents: `<p>${fixture.body}</p>`,
  });
  return writeWithFiles(s.db, s.storage, (trx, files) => createArticle(trx, files, draft, []));
}

describeEachDatabase("article search", (services) => {
  const ids = new Map<string, { id: string; version: number }>();
  beforeAll(async () => {
    for (const [index, fixture] of fixtures.entries()) {
      ids.set(fixture.title, await create(services(), fixture, index));
    }
  });

  const search = async (overrides: Partial<ArticleListQuery>) => {
    const page = await listArticles(services().db, services().storage, {
      page: 1,
      limit: 30,
      search: "",
      tag: "",
      ...overrides,
    });
    if (!page) throw new Error("The page is past the end of the list");
    return page;
  };
  const titles = async (text: string, overrides: Partial<ArticleListQuery> = {}) =>
    (await search({ search: text, ...overrides })).items.map((item) => item.title);

  test("two-syllable Korean words: title matches first, then the contents, newest first", async () => {
    expect(await titles("행사")).toEqual(["가을 행사 일정", "신입 부원 모집"]);
    expect(await titles("후기")).toEqual(["2026 봄 해커톤 후기", "졸업생 초청 강연 후기", "신입 부원 모집"]);
    expect(await titles("모집")).toEqual(["신입 부원 모집", "동아리방 소식"]);
  });

  test("longer words, inside other words too, but never across two words", async () => {
    expect(await titles("해커톤")).toEqual(["2026 봄 해커톤 후기", "동아리방 소식"]);
    expect(await titles("커톤")).toEqual(["2026 봄 해커톤 후기", "동아리방 소식"]);
    expect(await titles("스터디")).toEqual(["알고리즘 스터디 안내", "동아리방 소식"]);
    expect(await titles("알고리즘")).toEqual(["알고리즘 스터디 안내"]);
    expect(await titles("리눅스 커널")).toEqual(["졸업생 초청 강연 후기"]);
  });

  test("Latin words in any case and width", async () => {
    for (const text of ["react", "REACT", "ReAcT", "ＲＥＡＣＴ"]) {
      expect(await titles(text)).toEqual(["REACT 세미나", "2026 봄 해커톤 후기"]);
    }
    expect(await titles("hooks")).toEqual(["REACT 세미나"]);
  });

  test("one character finds it anywhere in a word, first or last", async () => {
    expect(await titles("봄")).toEqual(["2026 봄 해커톤 후기", "REACT 세미나"]);
    expect(await titles("톤")).toEqual(["2026 봄 해커톤 후기", "가을 행사 일정", "동아리방 소식"]);
    expect(await titles("없")).toEqual([]);
  });

  test("every word must be found, each in the title or the contents", async () => {
    expect(await titles("후기 React")).toEqual(["2026 봄 해커톤 후기"]);
    expect(await titles("모집 스터디")).toEqual(["동아리방 소식"]);
    expect(await titles("모집 세미나")).toEqual([]);
  });

  test("the tag narrows a search, and ranking pages across title and contents", async () => {
    expect(await titles("후기", { tag: "행사" })).toEqual(["2026 봄 해커톤 후기", "졸업생 초청 강연 후기"]);
    const pages = [];
    for (let page = 1; page <= 2; page += 1) {
      const found = await search({ search: "후기", limit: 2, page });
      expect(found).toMatchObject({ total: 3, totalCapped: false, pageCount: 2 });
      pages.push(...found.items.map((item) => item.title));
    }
    expect(pages).toEqual(await titles("후기"));
    const { db, storage } = services();
    const past = { page: 3, limit: 2, search: "후기", tag: "" };
    await expect(listArticles(db, storage, past)).resolves.toBeUndefined();
    // The admin list uses the same index, and shows its last page instead.
    const managed = await listManagedArticles(db, past);
    expect(managed.page).toBe(2);
    expect(managed.items.map((item) => item.title)).toEqual(["신입 부원 모집"]);
  });

  test("an article is found as soon as it is saved, and no longer once changed or deleted", async () => {
    const s = services();
    const saved = await create(s, { title: "게임잼 참가기", tag: "행사", body: "유니티로 만든 퍼즐" }, 30);
    expect(await titles("게임잼")).toEqual(["게임잼 참가기"]);
    expect(await titles("퍼즐")).toEqual(["게임잼 참가기"]);

    const draft = articleDraftSchema.parse({
      title: "게임잼 참가기",
      tag: "수상",
      publishedAt: seoulInput(30),
      contents: "<p>고도 엔진으로 만든 리듬 게임</p>",
    });
    const updated = await writeWithFiles(s.db, s.storage, (trx, files) =>
      updateArticle(trx, files, saved.id, saved.version, draft, []),
    );
    expect(await titles("퍼즐")).toEqual([]);
    expect(await titles("리듬")).toEqual(["게임잼 참가기"]);
    expect(await titles("게임잼", { tag: "수상" })).toEqual(["게임잼 참가기"]);
    expect(await titles("게임잼", { tag: "행사" })).toEqual([]);
    expect(await tagCount("수상")).toBe(1);

    // A save over an older version changes nothing, the index included.
    await expect(
      writeWithFiles(s.db, s.storage, (trx, files) =>
        updateArticle(trx, files, saved.id, saved.version, { ...draft, title: "낡은 제목" }, []),
      ),
    ).rejects.toBeInstanceOf(VersionConflictError);
    expect(await titles("낡은")).toEqual([]);

    await writeWithFiles(s.db, s.storage, (trx, files) => deleteArticle(trx, files, saved.id, updated.version));
    expect(await titles("게임잼")).toEqual([]);
    expect(await tagCount("수상")).toBe(0);
    expect((await listArticleTags(s.db)).map((tag) => tag.tag)).not.toContain("수상");
  });

  async function tagCount(tag: string) {
    return (await listArticleTags(services().db)).find((entry) => entry.tag === tag)?.count ?? 0;
  }

  test("an article with more distinct tokens than the index holds is refused, not half-saved", async () => {
    const s = services();
    // Random syllables: nearly every pair is new, about 1.2 MB of distinct tokens.
    const random = seededRandom(3);
    const syllable = () => String.fromCharCode(0xac00 + Math.floor(random() * 11_172));
    const text = Array.from({ length: 200_000 }, syllable).join("");
    const draft = articleDraftSchema.parse({
      title: "아주 긴 글",
      tag: "",
      publishedAt: seoulInput(1),
      contents: `<p>${text}</p>`,
    });
    await expect(
      writeWithFiles(s.db, s.storage, (trx, files) => createArticle(trx, files, draft, [])),
    ).rejects.toMatchObject({ name: "FieldError", field: "contents" });
    expect(await titles("아주")).toEqual([]);
  });

  test("counting stops at the limit; the pages past it appear as they are reached", async () => {
    const s = services();
    const now = new Date().toISOString();
    const many = Array.from({ length: SEARCH_COUNT_LIMIT + 15 }, (_, index) => ({
      id: newId(),
      title: `주간 기록 ${index}`,
      tag: "기록",
      publishedAt: new Date(Date.UTC(2000, 0, 1) + index * 60_000).toISOString(),
      paragraphs: ["타임캡슐 이야기"],
    }));
    await s.db.transaction().execute((trx) => insertSeedArticles(trx, many, now));

    const first = await search({ search: "타임캡슐", limit: 10 });
    expect(first).toMatchObject({ total: SEARCH_COUNT_LIMIT, totalCapped: true, pageCount: 101 });
    expect(first.items[0]?.title).toBe(`주간 기록 ${SEARCH_COUNT_LIMIT + 14}`);
    const beyond = await search({ search: "타임캡슐", limit: 10, page: 102 });
    expect(beyond).toMatchObject({ total: SEARCH_COUNT_LIMIT + 15, totalCapped: false });
    expect(beyond.items.map((item) => item.title)).toEqual([4, 3, 2, 1, 0].map((index) => `주간 기록 ${index}`));
    const { db, storage } = s;
    const past = { page: 103, limit: 10, search: "타임캡슐", tag: "" };
    await expect(listArticles(db, storage, past)).resolves.toBeUndefined();
    expect((await search({ tag: "기록", limit: 10 })).total).toBe(SEARCH_COUNT_LIMIT + 15);
  });

  test("migrating fills the new index from the articles already there", async () => {
    const { db, engine } = services();
    // Back to the schema before the index, with one more article written without it.
    if (engine === "sqlite") await sql`drop table article_search_fts`.execute(db);
    await db.schema.dropTable("article_search").execute();
    await db.schema.dropTable("article_tag_counts").execute();
    await db.schema.dropIndex("articles_updated_at").execute();
    await sql`delete from kysely_migration where name = '0005-article-search'`.execute(db);
    const id = newId();
    const at = "2026-11-21T09:00:00.000Z";
    await db
      .insertInto("articles")
      .values({
        id,
        title: "색인 전에 쓴 글",
        tag: "행사",
        published_at: at,
        contents: "<p>마이그레이션</p>",
        contents_text: "마이그레이션",
        created_at: at,
        updated_at: at,
      })
      .execute();

    await expect(migrateDatabase(db)).resolves.toEqual(["0005-article-search"]);
    expect(await titles("마이그레이션")).toEqual(["색인 전에 쓴 글"]);
    expect(await titles("행사")).toEqual(["가을 행사 일정", "신입 부원 모집"]);
    expect(await tagCount("행사")).toBe(4);
  });
});
