import { beforeAll, expect, test } from "vitest";
import { countArticles, listArticles, listArticleTags } from "#server/domain/articles/articles.ts";
import { listedIds } from "#server/domain/articles/page-anchors.ts";
import { queryWords, searchWords } from "#server/domain/articles/search-tokens.ts";
import { addBulkArticles, insertSeedArticles, seededRandom } from "#server/seed/bulk-articles.ts";
import { newId } from "#server/storage/storage.ts";
import { describeEachDatabase } from "./support/databases.ts";

const COUNT = 600;

interface Row {
  id: string;
  title: string;
  text: string;
  publishedAt: string;
}

/** What a search should answer, worked out from the stored articles without any index. */
function expectedIds(rows: Row[], search: string): string[] {
  const words = queryWords(search);
  const has = (text: string) => {
    const normalised = searchWords(text).join(" ");
    return (word: string) => normalised.includes(word);
  };
  const ranked = rows
    .map((row) => ({
      row,
      inTitle: words.every(has(row.title)),
      anywhere: words.every((word) => has(row.title)(word) || has(row.text)(word)),
    }))
    .filter((entry) => entry.anywhere);
  ranked.sort(
    (a, b) =>
      Number(b.inTitle) - Number(a.inTitle) ||
      b.row.publishedAt.localeCompare(a.row.publishedAt) ||
      a.row.id.localeCompare(b.row.id),
  );
  return ranked.map((entry) => entry.row.id);
}

describeEachDatabase("bulk seed", (services) => {
  let rows: Row[] = [];
  beforeAll(async () => {
    const { db } = services();
    const progress: number[] = [];
    await addBulkArticles(db, COUNT, {
      random: seededRandom(7),
      batchSize: 250,
      onProgress: (added) => progress.push(added),
    });
    expect(progress).toEqual([250, 500, 600]);
    rows = (await db.selectFrom("articles").select(["id", "title", "contents_text", "published_at"]).execute()).map(
      (row) => ({
        id: row.id,
        title: row.title,
        text: row.contents_text,
        publishedAt: row.published_at,
      }),
    );
  });

  test("adds Korean articles with tags, spread over fifty years, all counted", async () => {
    const { db } = services();
    expect(rows).toHaveLength(COUNT);
    await expect(countArticles(db)).resolves.toBe(COUNT);
    const tags = await listArticleTags(db);
    expect(tags.map((tag) => tag.tag)).toEqual(expect.arrayContaining(["행사", "스터디", "모집"]));
    // One tag per article, a few with none: the counts add up to exactly the tagged articles.
    const untagged = await db.selectFrom("articles").select(["id"]).where("tag", "=", "").execute();
    expect(untagged.length).toBeGreaterThan(0);
    expect(tags.reduce((sum, tag) => sum + tag.count, 0)).toBe(rows.length - untagged.length);
    const years = rows.map((row) => new Date(row.publishedAt).getUTCFullYear());
    expect(Math.max(...years) - Math.min(...years)).toBeGreaterThanOrEqual(45);
    const lengths = rows.map((row) => row.text.length).sort((a, b) => a - b);
    expect(lengths[Math.floor(lengths.length / 2)]).toBeGreaterThan(300);
    expect(rows.some((row) => /[A-Za-z]/.test(row.title))).toBe(true);
  });

  test.each([
    "행사",
    "후기",
    "모집",
    "해커톤",
    "스터디",
    "react",
    "Node.js",
    "리눅스 세미나",
    "봄",
    "기",
    "세미나실 온라인",
    "없는검색어",
  ])("search %j answers what the stored text says, in rank order", async (search) => {
    const { db, storage } = services();
    const expected = expectedIds(rows, search);
    const page = await listArticles(db, storage, { page: 1, limit: 30, search, tag: "" });
    expect(page?.total).toBe(expected.length);
    expect(page?.items.map((item) => item.id)).toEqual(expected.slice(0, 30));
    if (expected.length > 60) {
      const third = await listArticles(db, storage, { page: 3, limit: 30, search, tag: "" });
      expect(third?.items.map((item) => item.id)).toEqual(expected.slice(60, 90));
    }
  });

  test("deep pages start from remembered articles, which every write renews", async () => {
    const { db } = services();
    const plain = async (tag: string, offset: number, limit: number) => {
      let select = db.selectFrom("articles").select("id");
      if (tag) select = select.where("tag", "=", tag);
      const found = await select
        .orderBy("published_at", "desc")
        .orderBy("id", "asc")
        .limit(limit)
        .offset(offset)
        .execute();
      return found.map((row) => row.id);
    };
    const compare = async () => {
      for (const tag of ["", "행사"]) {
        for (const offset of [0, 6, 7, 8, 50, 97, 300, 590]) {
          expect(await listedIds(db, tag, offset, 9, 7)).toEqual(await plain(tag, offset, 9));
        }
      }
    };
    await compare();
    // A newer article moves every later one down a place; the anchors follow.
    const now = new Date().toISOString();
    const newest = {
      id: newId(),
      title: "가장 최근 행사",
      tag: "행사",
      publishedAt: now,
      paragraphs: ["새 글"],
    };
    await db.transaction().execute((trx) => insertSeedArticles(trx, [newest], now));
    await compare();
    expect((await listedIds(db, "", 0, 1, 7))[0]).toBe(newest.id);
  });
});
