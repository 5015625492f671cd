import { beforeAll, expect, test } from "vitest";
import { listManagedArticles } from "#server/domain/articles/admin-list.ts";
import { getArticle } from "#server/domain/articles/articles.ts";
import { getEditableArticle } from "#server/domain/articles/manage.ts";
import { storageKeysOf } from "#server/domain/files/files.ts";
import { auditEntries, fileCount } from "../support/stored-content.ts";
import { MANAGER as ACTOR } from "./support/admin-requests.ts";
import {
  articleForm,
  created,
  expectStorageMatchesRows,
  imageRows,
  keysUnder,
  photo,
  send,
} from "./support/article-forms.ts";
import { describeEachDatabase } from "./support/databases.ts";

describeEachDatabase("managing media articles", (services) => {
  let red: File;
  let green: File;
  let blue: File;
  beforeAll(async () => {
    [red, green, blue] = await Promise.all([photo("#c33"), photo("#3c3"), photo("#33c")]);
  });

  test("a new article is stored with its images under media/{id}, in order, with an audit entry", async () => {
    const s = services();
    const { id, version } = await created(
      s,
      articleForm({
        title: "해커톤 후기",
        tag: "행사",
        publishedAt: "2026-03-02T18:30",
        contents: "<h2>첫날</h2><p>밤새 <strong>코딩</strong>했습니다.</p>",
        images: [{ file: red, alt: "발표하는 팀" }, { file: green }],
      }),
    );
    expect(version).toBe(1);

    const article = await getEditableArticle(s.db, s.storage, id);
    expect(article).toMatchObject({
      title: "해커톤 후기",
      tag: "행사",
      // 18:30 in Seoul is 09:30 UTC.
      publishedAt: "2026-03-02T09:30:00.000Z",
      contents: "<h2>첫날</h2><p>밤새 <strong>코딩</strong>했습니다.</p>",
      version: 1,
    });
    const row = await s.db
      .selectFrom("articles")
      .select("contents_text")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.contents_text).toBe("첫날\n밤새 코딩했습니다.");

    const images = await imageRows(s, id);
    expect(images.map((image) => [image.position, image.alt, image.content_type])).toEqual([
      [0, "발표하는 팀", "image/webp"],
      // An empty description gets one from the title.
      [1, "해커톤 후기 사진 2", "image/webp"],
    ]);
    for (const image of images) expect(image.storage_key.startsWith(`media/${id}/`)).toBe(true);
    await expectStorageMatchesRows(s, id);

    // The public page shows it as saved.
    const page = await getArticle(s.db, s.storage, id);
    expect(page?.images.map((image) => image.alt)).toEqual(["발표하는 팀", "해커톤 후기 사진 2"]);
    expect(await auditEntries(s.db, "media")).toContainEqual({
      type: "normal",
      content: "'해커톤 후기' 게시글이 추가되었습니다",
      error: null,
      actor: ACTOR,
    });
  });

  test("an edit keeps, deletes and adds images: rows, files and storage change together", async () => {
    const s = services();
    const { id } = await created(s, articleForm({ title: "게임잼 사진", images: [{ file: red }, { file: green }] }));
    const [first, second] = await imageRows(s, id);
    if (!first || !second) throw new Error("two images expected");
    const before = await fileCount(s.db);

    const answer = await send(
      s,
      articleForm({
        id,
        version: 1,
        title: "게임잼 사진 (수정)",
        contents: "<p>고친 본문</p>",
        // The second picture first, with a new description; the first deleted; one new at the end.
        images: [
          { fileId: second.file_id, alt: "밤새 만든 게임" },
          { fileId: first.file_id, alt: "" },
          { file: blue, alt: "시상식" },
        ],
        deleteImage: [first.file_id],
      }),
    );
    expect(answer).toMatchObject({ ok: true, data: { id, version: 2 } });

    const images = await imageRows(s, id);
    expect(images.map((image) => [image.position, image.alt])).toEqual([
      [0, "밤새 만든 게임"],
      [1, "시상식"],
    ]);
    expect(images[0]?.file_id).toBe(second.file_id);
    expect(images[1]?.storage_key.startsWith(`media/${id}/`)).toBe(true);
    // The deleted picture's row and files are gone; one file came, one went.
    const gone = await s.db.selectFrom("files").select("id").where("id", "=", first.file_id).execute();
    expect(gone).toEqual([]);
    for (const key of storageKeysOf(first.storage_key, JSON.parse(first.variant_widths))) {
      await expect(s.storage.exists(key)).resolves.toBe(false);
    }
    expect(await fileCount(s.db)).toBe(before);
    await expectStorageMatchesRows(s, id);

    const page = await getArticle(s.db, s.storage, id);
    expect(page).toMatchObject({ title: "게임잼 사진 (수정)", contents: "<p>고친 본문</p>" });
    expect((await auditEntries(s.db, "media")).map((entry) => entry.content)).toContain(
      "'게임잼 사진 (수정)' 게시글이 수정되었습니다",
    );
  });

  test("a save over a newer version is refused and changes nothing, not even storage", async () => {
    const s = services();
    const { id } = await created(s, articleForm({ title: "충돌 시험", images: [{ file: red }] }));
    const [image] = await imageRows(s, id);
    if (!image) throw new Error("one image expected");
    await created(
      s,
      articleForm({
        id,
        version: 1,
        title: "먼저 저장한 제목",
        images: [{ fileId: image.file_id }],
      }),
    );
    const keysBefore = await keysUnder(s, `media/${id}`);

    const stale = await send(
      s,
      articleForm({
        id,
        version: 1,
        title: "늦게 저장한 제목",
        images: [{ fileId: image.file_id }, { file: blue }],
        deleteImage: [image.file_id],
      }),
    );
    expect(stale).toMatchObject({ ok: false, status: 409, conflict: true });
    expect(stale.message).toContain("다른 관리자가 먼저");

    const article = await getEditableArticle(s.db, s.storage, id);
    expect(article).toMatchObject({ title: "먼저 저장한 제목", version: 2 });
    expect(article?.images.map((kept) => kept.fileId)).toEqual([image.file_id]);
    // The new picture written before the refusal was removed again; the old one is still there.
    expect(await keysUnder(s, `media/${id}`)).toEqual(keysBefore);
    expect(await auditEntries(s.db, "media")).toContainEqual(
      expect.objectContaining({
        type: "failure",
        content: "'늦게 저장한 제목' 게시글 수정에 실패했습니다",
        error: "다른 관리자가 먼저 저장했습니다",
      }),
    );
  });

  test("deleting an article removes its images' rows, files and storage, at its version only", async () => {
    const s = services();
    const { id } = await created(s, articleForm({ title: "지울 글", images: [{ file: red }, { file: green }] }));
    const images = await imageRows(s, id);

    const remove = (version: number) => send(s, { intent: "delete", id, version: String(version) });
    const stale = await remove(7);
    expect(stale).toMatchObject({ ok: false, status: 409, conflict: true });
    expect(await imageRows(s, id)).toHaveLength(2);

    const deleted = await remove(1);
    expect(deleted).toMatchObject({ ok: true, message: "'지울 글' 게시글이 삭제되었습니다" });
    await expect(getArticle(s.db, s.storage, id)).resolves.toBeUndefined();
    expect(await imageRows(s, id)).toEqual([]);
    const fileRows = await s.db
      .selectFrom("files")
      .select("id")
      .where(
        "id",
        "in",
        images.map((image) => image.file_id),
      )
      .execute();
    expect(fileRows).toEqual([]);
    expect(await keysUnder(s, `media/${id}`)).toEqual([]);

    const again = await remove(1);
    expect(again).toMatchObject({ ok: false, status: 404 });
    const contents = (await auditEntries(s.db, "media")).map((entry) => [entry.type, entry.content]);
    expect(contents).toContainEqual(["normal", "'지울 글' 게시글이 삭제되었습니다"]);
    expect(contents).toContainEqual(["failure", "'지울 글' 게시글 삭제에 실패했습니다"]);
  });

  test("the admin list searches title and text in the database, newest first, with image counts", async () => {
    const s = services();
    await created(
      s,
      articleForm({
        title: "목록 시험 오래된 글",
        tag: "목록시험",
        publishedAt: "2020-01-01T09:00",
        contents: "<p>알고리즘 스터디 기록</p>",
        images: [{ file: red }, { file: green }],
      }),
    );
    await created(
      s,
      articleForm({
        title: "목록 시험 새 글",
        tag: "목록시험",
        publishedAt: "2020-06-01T09:00",
        contents: "<p>다른 이야기</p>",
      }),
    );
    const all = await listManagedArticles(s.db, {
      page: 1,
      limit: 20,
      search: "",
      tag: "목록시험",
    });
    expect(all.items.map((item) => [item.title, item.imageCount, item.version])).toEqual([
      ["목록 시험 새 글", 0, 1],
      ["목록 시험 오래된 글", 2, 1],
    ]);
    const byText = await listManagedArticles(s.db, {
      page: 1,
      limit: 20,
      search: "알고리즘",
      tag: "",
    });
    expect(byText.items.map((item) => item.title)).toEqual(["목록 시험 오래된 글"]);
    const paged = await listManagedArticles(s.db, {
      page: 9,
      limit: 1,
      search: "",
      tag: "목록시험",
    });
    expect(paged).toMatchObject({ total: 2, page: 2, pageCount: 2 });
    expect(paged.items.map((item) => item.title)).toEqual(["목록 시험 오래된 글"]);
  });
});
