import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { deleteVersioned, updateVersioned } from "#server/db/versioned.ts";
import { type FileChanges, type ImageRef, toImageRef } from "#server/domain/files/files.ts";
import { uploadLimits } from "#server/domain/files/uploads.ts";
import { remoteImagesMessage, sanitizeRichText } from "#server/domain/html/sanitize.ts";
import { forgetRevisions } from "#server/domain/revisions/revisions.ts";
import type { UploadedFile } from "#server/domain/write/form-files.ts";
import { multiLineText, singleLineText } from "#server/domain/write/text-schemas.ts";
import { FieldError, RecordNotFoundError } from "#server/failures.ts";
import { type FileStorage, newId } from "#server/storage/storage.ts";
import { ARTICLE_STATUSES, type ArticleStatus } from "#shared/article-status.ts";
import { parseSeoulDateTimeInput, seoulDateTimeInput } from "#shared/dates.ts";
import { articleFields } from "./article-fields.ts";
import { articleIdSchema, MAX_TAG_LENGTH, MAX_TITLE_LENGTH, selectArticleImages } from "./articles.ts";
import { forgetAutosaves } from "./autosave.ts";
import { fitsTheIndex, type IndexedArticle, indexArticles, unindexArticles } from "./search-index.ts";

/**
 * The managers' side of media articles: the admin list, the editor's data and every write
 * (create, update, delete) with the article's images. Writes take the transaction and the file
 * changes of `runWrite`, so an article, its image rows and its stored files change together.
 */

// Kept beside the tag's limit, where the autosaved copies read it without a cycle of imports.
export { MAX_TITLE_LENGTH } from "./articles.ts";
export const MAX_ALT_LENGTH = 300;
const PUBLISHED_AT_MESSAGE = "게시일을 날짜와 시각으로 입력해 주세요. 예: 2026-03-02 18:00";

/** What a manager fills in for an article, as the server keeps it. */
export const articleDraftSchema = z.object({
  title: singleLineText()
    .trim()
    .min(1, "제목을 입력해 주세요.")
    .max(MAX_TITLE_LENGTH, `제목은 ${MAX_TITLE_LENGTH}자까지 쓸 수 있습니다.`),
  /** A tag is a key (lists, links, the filter): written one way, "ＡＩ" and "AI" alike. */
  tag: singleLineText().normalize("NFKC").trim().max(MAX_TAG_LENGTH, `태그는 ${MAX_TAG_LENGTH}자까지 쓸 수 있습니다.`),
  /** Seoul wall-clock time from a `datetime-local` input; kept as an ISO instant in UTC. */
  publishedAt: z
    .string()
    .min(1, PUBLISHED_AT_MESSAGE)
    .transform((value, ctx) => {
      const instant = parseSeoulDateTimeInput(value);
      if (instant) return instant;
      ctx.addIssue({ code: "custom", message: PUBLISHED_AT_MESSAGE });
      return z.NEVER;
    }),
  /** Forms that predate statuses (and scripts) publish, as every save did before. */
  status: z
    .union([z.literal(""), z.enum(ARTICLE_STATUSES)], "게시 상태를 골라 주세요.")
    .optional()
    .transform((status): ArticleStatus => status || "published"),
  /** HTML from the editor; sanitized when it is written. The spec's limit for one text value. */
  contents: multiLineText().refine(
    (html) => Buffer.byteLength(html, "utf8") <= uploadLimits.textBytes,
    "본문이 너무 깁니다. 10MB까지 저장할 수 있습니다.",
  ),
});

export type ArticleDraft = z.output<typeof articleDraftSchema>;

/** One image of the list an article is written with, in order: an image it keeps, or a new one. */
export type ArticleImageInput = { fileId: string; alt: string } | { upload: UploadedFile; alt: string };

export interface EditableArticleImage {
  fileId: string;
  alt: string;
  image: ImageRef;
}

export interface EditableArticle {
  id: string;
  title: string;
  tag: string;
  publishedAt: string;
  status: ArticleStatus;
  /** Sanitized HTML, as stored. */
  contents: string;
  version: number;
  updatedAt: string;
  images: EditableArticleImage[];
}

/** An article as the editor loads it, with its version and its images' file ids. */
export async function getEditableArticle(
  db: Db,
  storage: FileStorage,
  id: string,
): Promise<EditableArticle | undefined> {
  if (!articleIdSchema.safeParse(id).success) return undefined;
  const row = await db
    .selectFrom("articles")
    .select(["id", "title", "tag", "published_at", "status", "contents", "version", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const images = await selectArticleImages(db, id);
  return {
    ...articleFields(row),
    status: row.status,
    contents: row.contents,
    version: Number(row.version),
    updatedAt: row.updated_at,
    images: images.map((image) => ({
      fileId: image.file_id,
      alt: image.alt,
      image: toImageRef(storage, image),
    })),
  };
}

/** The title of an article, for the messages of a write that names it; undefined if unknown. */
export async function findArticleTitle(db: Db, id: string): Promise<string | undefined> {
  if (!articleIdSchema.safeParse(id).success) return undefined;
  const row = await db.selectFrom("articles").select("title").where("id", "=", id).executeTakeFirst();
  return row?.title;
}

/**
 * A scheduled article needs a time still to come; a published one a time that has come (a
 * minute's grace for a form filled in with "now"), so an article dated next week is never
 * public today by accident.
 */
function checkPublishTime(draft: ArticleDraft, now: Date): void {
  const at = Date.parse(draft.publishedAt);
  if (draft.status === "scheduled" && at <= now.getTime()) {
    throw new FieldError("publishedAt", "예약 시각은 지금보다 뒤여야 합니다. 지금 올리려면 '게시'를 고르세요.");
  }
  if (draft.status === "published" && at > now.getTime() + 60_000) {
    throw new FieldError("publishedAt", "게시일이 아직 오지 않은 시각입니다. 그 시각에 올리려면 '예약'을 고르세요.");
  }
}

function storedColumns(draft: ArticleDraft) {
  checkPublishTime(draft, new Date());
  const { html, text, remoteImages } = sanitizeRichText(draft.contents);
  const remote = remoteImagesMessage(remoteImages);
  if (remote) throw new FieldError("contents", remote);
  if (!fitsTheIndex({ title: draft.title, text })) {
    throw new FieldError(
      "contents",
      "본문에 서로 다른 낱말이 너무 많아 검색 색인에 담을 수 없습니다. 글을 나누어 올려 주세요.",
    );
  }
  return {
    title: draft.title,
    tag: draft.tag,
    published_at: draft.publishedAt,
    status: draft.status,
    contents: html,
    contents_text: text,
  };
}

/**
 * Puts a published article in the search index and the tag counts (which the public lists read),
 * or keeps a draft or scheduled one out of them.
 */
async function indexIfPublished(trx: Db, id: string, columns: ReturnType<typeof storedColumns>): Promise<void> {
  if (columns.status === "published") await indexArticles(trx, [indexedOf(id, columns)]);
  else await unindexArticles(trx, [id]);
}

/** What the search index keeps of an article, from the columns it is stored with. */
function indexedOf(id: string, columns: ReturnType<typeof storedColumns>): IndexedArticle {
  return {
    id,
    title: columns.title,
    tag: columns.tag,
    publishedAt: columns.published_at,
    text: columns.contents_text,
  };
}

/** Writes an article's image rows in order, storing new images under `media/{articleId}`. */
async function writeImages(
  trx: Db,
  files: FileChanges,
  article: { id: string; title: string },
  images: ArticleImageInput[],
): Promise<void> {
  for (const [position, image] of images.entries()) {
    let fileId: string;
    if ("fileId" in image) {
      fileId = image.fileId;
    } else {
      fileId = (await files.store({ folder: `media/${article.id}`, ...image.upload })).id;
    }
    await trx
      .insertInto("article_images")
      .values({
        article_id: article.id,
        position,
        file_id: fileId,
        // Every picture gets a text alternative, even when the manager left it empty.
        alt: image.alt.trim() || `${article.title} 사진 ${position + 1}`,
      })
      .execute();
  }
}

const changedImagesMessage = "사진 목록이 불러온 뒤에 바뀌었습니다. 새로 고침한 뒤 다시 저장해 주세요.";

/**
 * Creates an article with its images (all new); answers its id and first version. `id` is for an
 * article brought over from elsewhere that keeps its address (the import).
 */
export async function createArticle(
  trx: Db,
  files: FileChanges,
  draft: ArticleDraft,
  images: ArticleImageInput[],
  id: string = newId(),
): Promise<{ id: string; version: number }> {
  if (images.some((image) => "fileId" in image)) throw new FieldError("images", changedImagesMessage);
  const now = new Date().toISOString();
  const columns = storedColumns(draft);
  await trx
    .insertInto("articles")
    .values({ id, ...columns, created_at: now, updated_at: now })
    .execute();
  await indexIfPublished(trx, id, columns);
  await writeImages(trx, files, { id, title: draft.title }, images);
  return { id, version: 1 };
}

/**
 * Writes an article over `expectedVersion` with the resulting image list: images it keeps (by
 * file id, in the given order) and new ones. Images left out are deleted with their files.
 */
export async function updateArticle(
  trx: Db,
  files: FileChanges,
  id: string,
  expectedVersion: number,
  draft: ArticleDraft,
  images: ArticleImageInput[],
): Promise<{ id: string; version: number }> {
  const columns = storedColumns(await keepStoredSeconds(trx, id, draft));
  const version = await updateVersioned(trx, "articles", id, expectedVersion, columns);
  await indexIfPublished(trx, id, columns);
  const current = await trx.selectFrom("article_images").select("file_id").where("article_id", "=", id).execute();
  const currentIds = new Set(current.map((row) => row.file_id));
  const keptIds = images.flatMap((image) => ("fileId" in image ? [image.fileId] : []));
  const kept = new Set(keptIds);
  if (kept.size !== keptIds.length || keptIds.some((fileId) => !currentIds.has(fileId))) {
    throw new FieldError("images", changedImagesMessage);
  }
  await trx.deleteFrom("article_images").where("article_id", "=", id).execute();
  await writeImages(trx, files, { id, title: draft.title }, images);
  for (const fileId of currentIds) {
    if (!kept.has(fileId)) await files.remove(fileId);
  }
  return { id, version };
}

/**
 * The form shows the publishing time to the minute: a time sent back as it was shown keeps the
 * seconds it is stored with (an imported or seeded article's), so saving it unedited changes nothing.
 */
async function keepStoredSeconds(trx: Db, id: string, draft: ArticleDraft): Promise<ArticleDraft> {
  const stored = await trx.selectFrom("articles").select("published_at").where("id", "=", id).executeTakeFirst();
  if (!stored || seoulDateTimeInput(stored.published_at) !== seoulDateTimeInput(draft.publishedAt)) return draft;
  return { ...draft, publishedAt: stored.published_at };
}

/**
 * Writes a kept revision's title, tag and text over the article at `expectedVersion`, through the
 * same checks as a save; its status, publishing time and pictures stay as they are now.
 */
export async function restoreArticleText(
  trx: Db,
  files: FileChanges,
  id: string,
  expectedVersion: number,
  kept: { title: string; tag: string; contents: string },
): Promise<{ id: string; version: number }> {
  const current = await trx
    .selectFrom("articles")
    .select(["published_at", "status"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!current) throw new RecordNotFoundError();
  const images = await selectArticleImages(trx, id);
  const draft = articleDraftSchema.parse({
    title: kept.title,
    tag: kept.tag,
    publishedAt: seoulDateTimeInput(current.published_at),
    status: current.status,
    contents: kept.contents,
  });
  // The time check is a save's: a published article keeps its (past) time as it is.
  if (current.status === "published") draft.publishedAt = current.published_at;
  return updateArticle(
    trx,
    files,
    id,
    expectedVersion,
    draft,
    images.map((image) => ({ fileId: image.file_id, alt: image.alt })),
  );
}

/** Deletes an article at `expectedVersion` with its images and their files, history and copies. */
export async function deleteArticle(trx: Db, files: FileChanges, id: string, expectedVersion: number): Promise<void> {
  const images = await trx.selectFrom("article_images").select("file_id").where("article_id", "=", id).execute();
  await trx.deleteFrom("article_images").where("article_id", "=", id).execute();
  await unindexArticles(trx, [id]);
  await forgetRevisions(trx, "article", [id]);
  await forgetAutosaves(trx, id);
  await deleteVersioned(trx, "articles", id, expectedVersion);
  for (const image of images) await files.remove(image.file_id);
}
