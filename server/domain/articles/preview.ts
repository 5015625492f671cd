import { excerpt } from "#server/domain/articles/articles.ts";
import { sanitizeRichText } from "#server/domain/html/sanitize.ts";
import { parseSeoulDateTimeInput } from "#shared/dates.ts";
import type { Article } from "./articles.ts";
import type { Autosave } from "./autosave.ts";

/**
 * The article as it would read if the manager saved the autosaved copy now: its text fields over
 * the saved article (the pictures stay the saved ones), or a new article of the copy alone. The
 * copy's HTML is sanitized as a save would, so the preview shows what visitors would get.
 */
export function withUnsavedEdits(saved: Article | undefined, id: string, copy: Autosave): Article {
  const { html, text } = sanitizeRichText(copy.fields.contents);
  const now = new Date().toISOString();
  return {
    id,
    title: copy.fields.title.trim() || saved?.title || "제목 없음",
    tag: copy.fields.tag.normalize("NFKC").trim(),
    publishedAt: parseSeoulDateTimeInput(copy.fields.publishedAt) ?? saved?.publishedAt ?? now,
    status: copy.fields.status || saved?.status || "draft",
    updatedAt: copy.savedAt,
    contents: html,
    excerpt: excerpt(text),
    images: saved?.images ?? [],
    older: saved?.older,
    newer: saved?.newer,
  };
}
