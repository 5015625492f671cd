import exifReader from "exif-reader";
import sharp from "sharp";
import { beforeAll, expect, test } from "vitest";
import { action as writeAction } from "#app/routes/admin/api/write.ts";
import { getArticle, listArticleTags } from "#server/domain/articles/articles.ts";
import { getEditableArticle, listManagedArticles } from "#server/domain/articles/manage.ts";
import { storageKeysOf } from "#server/domain/files/files.ts";
import { imageFile, photoWithLocation } from "../support/files.ts";
import { MANAGER as ACTOR, callAction, postCommand } from "./support/admin-requests.ts";
import { describeEachDatabase, type TestServices } from "./support/databases.ts";
import { auditEntries, fileCount, storedKeys } from "./support/stored-content.ts";

const MiB = 1024 * 1024;

/** A small picture of one colour, as a phone would send it (JPEG). */
const photo = (colour: string, width = 64, height = 48) =>
  imageFile(`${colour.slice(1)}.jpg`, { width, height, colour });

/** A photo carrying GPS coordinates and a camera name in its EXIF block. */
async function photoWithGps(): Promise<File> {
  const bytes = await photoWithLocation();
  const meta = await sharp(bytes).metadata();
  // The source really carries the location, so its absence afterwards means something.
  expect(meta.exif && exifReader(meta.exif).GPSInfo?.GPSLatitude).toBeDefined();
  return new File([new Uint8Array(bytes)], "IMG_2040.jpg", { type: "image/jpeg" });
}

interface NewImage {
  file: File;
  alt?: string;
}

/** The form the editor sends: text fields, the image list in order, and the new files. */
function articleForm(fields: {
  id?: string;
  version?: number;
  title?: string;
  tag?: string;
  publishedAt?: string;
  contents?: string;
  /** The list in order: an existing file id (with its alt) or a new image. */
  images?: ({ fileId: string; alt?: string } | NewImage)[];
  deleteImage?: string[];
}): FormData {
  const form = new FormData();
  form.set("intent", fields.id ? "update" : "create");
  if (fields.id) form.set("id", fields.id);
  if (fields.version !== undefined) form.set("version", String(fields.version));
  form.set("title", fields.title ?? "정기 세미나 후기");
  form.set("tag", fields.tag ?? "세미나");
  form.set("publishedAt", fields.publishedAt ?? "2026-03-02T18:30");
  form.set("contents", fields.contents ?? "<p>세미나가 열렸습니다.</p>");
  const newFiles: { key: string; file: File }[] = [];
  for (const [index, image] of (fields.images ?? []).entries()) {
    if ("fileId" in image) {
      form.append("images", `existing:${image.fileId}`);
    } else {
      const key = `n${index}`;
      form.append("images", `new:${key}`);
      newFiles.push({ key, file: image.file });
    }
    form.append("imageAlt", image.alt ?? "");
  }
  for (const fileId of fields.deleteImage ?? []) form.append("deleteImage", fileId);
  for (const { key, file } of newFiles) {
    form.append("newImage", file);
    form.append("newImageKey", key);
  }
  return form;
}

interface Answer {
  ok: boolean;
  status: number;
  message: string;
  fieldErrors?: Record<string, string>;
  conflict?: boolean;
  data?: { id: string; version: number };
}

/**
 * Sends a form to the articles' write endpoint as the signed-in manager, as the editor does
 * (multipart), or url-encoded when the fields come as URLSearchParams.
 */
async function send(
  s: TestServices,
  body: FormData | URLSearchParams | Record<string, string | string[]>,
): Promise<Answer> {
  const { status, body: answer } =
    body instanceof URLSearchParams
      ? await callAction(writeAction, s, "/admin/api/articles", Object.fromEntries(body), {
          type: "articles",
        })
      : await postCommand(s, "articles", body);
  expect(answer.status).toBe(status);
  return answer as unknown as Answer;
}

async function created(s: TestServices, form: FormData) {
  const answer = await send(s, form);
  expect(answer, answer.message).toMatchObject({ ok: true, status: 200 });
  if (!answer.data) throw new Error("no id in the answer");
  return answer.data;
}

async function imageRows(s: TestServices, articleId: string) {
  return s.db
    .selectFrom("article_images")
    .innerJoin("files", "files.id", "article_images.file_id")
    .select([
      "article_images.position",
      "article_images.file_id",
      "article_images.alt",
      "files.storage_key",
      "files.variant_widths",
      "files.content_type",
    ])
    .where("article_images.article_id", "=", articleId)
    .orderBy("article_images.position")
    .execute();
}

/** Every key stored under a folder. */
async function keysUnder(s: TestServices, folder: string): Promise<string[]> {
  return (await storedKeys(s.storage)).filter((key) => key.startsWith(`${folder}/`));
}

/** The article's folder holds exactly the files of its image rows (each with its copies). */
async function expectStorageMatchesRows(s: TestServices, articleId: string) {
  const rows = await imageRows(s, articleId);
  const expected = rows.flatMap((row) => storageKeysOf(row.storage_key, JSON.parse(row.variant_widths))).sort();
  expect(await keysUnder(s, `media/${articleId}`)).toEqual(expected);
}

async function storedBytes(s: TestServices, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await s.storage.get(key)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

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

    // The same text in a url-encoded form passes the reader's limits and meets the field's own.
    const encoded = new URLSearchParams({
      intent: "create",
      title: "긴 글",
      tag: "",
      publishedAt: "2026-03-02T18:30",
      contents: huge,
    });
    const plain = await send(s, encoded);
    expect(plain).toMatchObject({ ok: false, status: 400 });
    expect(plain.fieldErrors?.contents).toContain("10MB");
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
