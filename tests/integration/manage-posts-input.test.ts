import sharp from "sharp";
import { beforeAll, expect, test } from "vitest";
import { listArticleTags } from "#server/domain/articles/articles.ts";
import { getEditableArticle } from "#server/domain/articles/manage.ts";
import { auditEntries, fileCount } from "../support/stored-content.ts";
import { articleForm, created, imageRows, photo, photoWithGps, send, storedBytes } from "./support/article-forms.ts";
import { describeEachDatabase } from "./support/databases.ts";

const MiB = 1024 * 1024;

describeEachDatabase("what a media article may hold", (services) => {
  let red: File;
  beforeAll(async () => {
    red = await photo("#c33");
  });

  test("an empty title and a malformed or impossible date are refused next to their fields", async () => {
    const s = services();
    const before = await fileCount(s.db);
    const empty = await send(s, articleForm({ title: "   ", images: [{ file: red }] }));
    expect(empty).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { title: "제목을 입력해 주세요." },
    });
    for (const publishedAt of ["어제", "2026-13-01T10:00", "2026-02-30T10:00", ""]) {
      const answer = await send(s, articleForm({ title: "날짜 시험", publishedAt }));
      expect(answer.status, publishedAt).toBe(400);
      expect(answer.fieldErrors?.publishedAt, publishedAt).toContain("게시일");
    }
    const longTag = await send(s, articleForm({ tag: "태".repeat(51) }));
    expect(longTag.fieldErrors?.tag).toContain("50자");
    // Nothing was stored by the refused saves.
    expect(await fileCount(s.db)).toBe(before);
    expect(await auditEntries(s.db, "media")).toContainEqual(
      expect.objectContaining({
        type: "failure",
        content: "게시글 추가에 실패했습니다",
        error: expect.stringMatching(/^입력 확인 필요 — /),
      }),
    );
  });

  test("a tag is one key however it is typed: full-width letters and spaces are normalised", async () => {
    const s = services();
    const wide = await created(s, articleForm({ title: "전각 태그", tag: "\u3000ＮＦＫＣ시험\u3000" }));
    const narrow = await created(s, articleForm({ title: "반각 태그", tag: "NFKC시험" }));
    for (const { id } of [wide, narrow]) {
      expect((await getEditableArticle(s.db, s.storage, id))?.tag).toBe("NFKC시험");
    }
    const tags = (await listArticleTags(s.db)).filter((entry) => entry.tag.includes("시험"));
    expect(tags).toContainEqual({ tag: "NFKC시험", count: 2 });
    expect(tags.map((entry) => entry.tag)).not.toContain("ＮＦＫＣ시험");
  });

  test("a text value over the spec's 10 MiB limit is refused with a clear message", async () => {
    const s = services();
    const huge = `<p>${"가".repeat(Math.ceil((10 * MiB) / 3))}</p>`;
    const multipart = await send(s, articleForm({ title: "긴 글", contents: huge }));
    expect(multipart).toMatchObject({ ok: false, status: 413 });
    expect(multipart.message).toContain("글은 10MB");

    // The same text in a url-encoded form (which carries no files, so is held to the text's
    // share of the limit while it streams in, as a text-only form is) is refused too.
    const encoded = new URLSearchParams({
      intent: "create",
      title: "긴 글",
      tag: "",
      publishedAt: "2026-03-02T18:30",
      contents: huge,
    });
    const plain = await send(s, encoded);
    expect(plain).toMatchObject({ ok: false, status: 413 });
    expect(plain.message).toContain("11MB");
    const titles = await s.db.selectFrom("articles").select("id").where("title", "=", "긴 글");
    expect(await titles.execute()).toEqual([]);
  });

  test("stored contents are sanitized: scripts, handlers, javascript: links and SVG are gone", async () => {
    const s = services();
    const { id } = await created(
      s,
      articleForm({
        title: "안전한 본문",
        contents: [
          "<p>보이는 글<script>alert(1)</script></p>",
          '<img src="x" onerror="alert(2)">',
          '<p><a href="javascript:alert(3)">링크</a> <a href="https://club.example.org">정상 링크</a></p>',
          '<svg onload="alert(4)"><circle r="5"></circle></svg>',
          '<p onclick="alert(5)" style="color:red">스타일</p>',
          '<iframe src="javascript:alert(6)"></iframe>',
        ].join(""),
      }),
    );
    const row = await s.db
      .selectFrom("articles")
      .select(["contents", "contents_text"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    for (const bad of ["<script", "alert(", "onerror", "onload", "onclick", "javascript:", "<svg"]) {
      expect(row.contents).not.toContain(bad);
    }
    expect(row.contents).not.toContain("<iframe");
    expect(row.contents).not.toContain("style=");
    expect(row.contents).toContain(
      '<a href="https://club.example.org" rel="noopener noreferrer" target="_blank">정상 링크</a>',
    );
    expect(row.contents_text).toContain("보이는 글");
    expect(row.contents_text).not.toContain("alert");
  });

  test("a picture from another site in the text is refused by name; the site's own pictures stay", async () => {
    const s = services();
    const remote = await send(
      s,
      articleForm({
        title: "외부 사진",
        contents: '<p>사진</p><img src="https://elsewhere.example/photo.jpg" alt="">',
      }),
    );
    expect(remote).toMatchObject({ ok: false, status: 400 });
    expect(remote.fieldErrors?.contents).toContain("'https://elsewhere.example/photo.jpg'");
    const titles = await s.db.selectFrom("articles").select("id").where("title", "=", "외부 사진").execute();
    expect(titles).toEqual([]);

    const own = await created(
      s,
      articleForm({
        title: "내부 사진",
        contents: '<p>사진</p><img src="/uploads/media/x/photo.webp" alt="동아리방">',
      }),
    );
    const row = await s.db.selectFrom("articles").select("contents").where("id", "=", own.id).executeTakeFirstOrThrow();
    expect(row.contents).toContain('<img src="/uploads/media/x/photo.webp" alt="동아리방" />');
  });

  test("a file that is not an image is refused by its bytes, whatever its name, and nothing is kept", async () => {
    const s = services();
    const before = await fileCount(s.db);
    const renamed = new File(["%PDF-1.7 not a picture"], "poster.jpg", { type: "image/jpeg" });
    const answer = await send(s, articleForm({ title: "가짜 사진", images: [{ file: red }, { file: renamed }] }));
    expect(answer).toMatchObject({ ok: false, status: 400 });
    expect(answer.fieldErrors?.images).toContain("'poster.jpg'");
    expect(answer.fieldErrors?.images).toContain("이미지 파일이 아닙니다");
    expect(await fileCount(s.db)).toBe(before);
    const rows = await s.db.selectFrom("articles").select("id").where("title", "=", "가짜 사진");
    expect(await rows.execute()).toEqual([]);
  });

  test("a photo's GPS and camera tags are stripped before it is stored", async () => {
    const s = services();
    const { id } = await created(s, articleForm({ title: "위치 정보", images: [{ file: await photoWithGps() }] }));
    const [image] = await imageRows(s, id);
    if (!image) throw new Error("one image expected");
    const stored = await sharp(await storedBytes(s, image.storage_key)).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.exif).toBeUndefined();
  });

  test("an image list naming a file of another article is refused", async () => {
    const s = services();
    const other = await created(s, articleForm({ title: "다른 글", images: [{ file: red }] }));
    const [foreign] = await imageRows(s, other.id);
    const mine = await created(s, articleForm({ title: "내 글" }));
    if (!foreign) throw new Error("one image expected");
    const answer = await send(s, articleForm({ id: mine.id, version: 1, images: [{ fileId: foreign.file_id }] }));
    expect(answer).toMatchObject({ ok: false, status: 400 });
    expect(answer.fieldErrors?.images).toContain("사진 목록");
    expect(await imageRows(s, mine.id)).toEqual([]);
    expect(await imageRows(s, other.id)).toHaveLength(1);
  });
});
