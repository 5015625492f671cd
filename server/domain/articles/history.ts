import { htmlToText } from "#server/domain/html/sanitize.ts";
import type { History } from "#server/domain/revisions/revisions.ts";
import { type ArticleStatus, articleStatusLabels } from "#shared/article-status.ts";
import { formatDateTime } from "#shared/dates.ts";
import { restoreArticleText } from "./manage.ts";

/** What a revision keeps of an article: its fields and its pictures' descriptions. */
export interface ArticleState {
  title: string;
  tag: string;
  publishedAt: string;
  status: ArticleStatus;
  /** Sanitized HTML, as stored. */
  contents: string;
  /** Each picture's description and stored file (kept since the history names changed fields). */
  images: { alt: string; file?: string }[];
}

/**
 * Articles' history. A restore brings back the title, tag and text; the status, the publishing
 * time and the pictures stay as they are now (a picture removed since is no longer stored, and a
 * restore must not publish or hide an article by surprise).
 */
export const articleHistory: History<ArticleState> = {
  kind: "article",
  read: async (db, id) => {
    const row = await db
      .selectFrom("articles")
      .select(["title", "tag", "published_at", "status", "contents", "updated_at", "version"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return undefined;
    const images = await db
      .selectFrom("article_images")
      .select(["alt", "file_id"])
      .where("article_id", "=", id)
      .orderBy("position")
      .execute();
    return {
      state: {
        title: row.title,
        tag: row.tag,
        publishedAt: row.published_at,
        status: row.status,
        contents: row.contents,
        images: images.map((image) => ({ alt: image.alt, file: image.file_id })),
      },
      updatedAt: row.updated_at,
      version: Number(row.version),
    };
  },
  text: (state) =>
    [
      `제목: ${state.title}`,
      `태그: ${state.tag || "없음"}`,
      `게시 상태: ${articleStatusLabels[state.status] ?? state.status} (${formatDateTime(state.publishedAt)})`,
      "",
      htmlToText(state.contents),
      ...(state.images.length > 0
        ? ["", `사진 ${state.images.length}장`, ...state.images.map((image) => image.alt)]
        : []),
    ].join("\n"),
  fields: [
    { label: "제목", value: (state) => state.title },
    { label: "태그", value: (state) => state.tag },
    { label: "게시 상태", value: (state) => state.status },
    { label: "게시일", value: (state) => state.publishedAt },
    { label: "본문", value: (state) => state.contents },
    { label: "사진", value: (state) => state.images },
  ],
  label: (state) => state.title,
  restore: (trx, files, id, version, state) => restoreArticleText(trx, files, id, version, state),
};
