import type { Db } from "#server/db/database.ts";
import { updateVersioned } from "#server/db/versioned.ts";
import type { FileChanges } from "#server/domain/files/files.ts";
import type { RecordTarget } from "#server/domain/write/form-input.ts";
import { BadRequestError, RecordNotFoundError, VersionConflictError } from "#server/failures.ts";
import { deleteArticle } from "./manage.ts";
import { unindexArticles } from "./search-index.ts";

/**
 * Changes to several articles chosen in the admin list, made in the one write's transaction:
 * every article is checked at the version its row was loaded at, so one that someone changed
 * meanwhile makes the whole change a conflict and nothing is written.
 */

/** An article a bulk change touched, for its audit entry and its revision. */
export interface ChangedArticle {
  id: string;
  title: string;
}

async function currentArticles(trx: Db, targets: readonly RecordTarget[]) {
  const rows = await trx
    .selectFrom("articles")
    .select(["id", "title", "status", "version"])
    .where(
      "id",
      "in",
      targets.map((target) => target.id),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return targets.map((target) => {
    const row = byId.get(target.id);
    if (!row) throw new RecordNotFoundError();
    if (Number(row.version) !== target.version) throw new VersionConflictError(Number(row.version));
    return { ...row, version: target.version };
  });
}

/** Deletes each article as the single delete does: images and their files, history and copies. */
export async function deleteArticles(
  trx: Db,
  files: FileChanges,
  targets: readonly RecordTarget[],
): Promise<ChangedArticle[]> {
  const articles = await currentArticles(trx, targets);
  for (const article of articles) await deleteArticle(trx, files, article.id, article.version);
  return articles.map(({ id, title }) => ({ id, title }));
}

/**
 * Takes the published and scheduled ones among the articles off the public site: each becomes a
 * draft, as saving it with the status 임시 저장 makes it (out of the search index and the tag
 * counts, which the media list, search and tags read; the article's address, RSS and the sitemap
 * show only published articles). Drafts among them stay as they are; when all are drafts,
 * nothing is left to do and the change is refused.
 */
export async function unpublishArticles(trx: Db, targets: readonly RecordTarget[]): Promise<ChangedArticle[]> {
  const articles = (await currentArticles(trx, targets)).filter((article) => article.status !== "draft");
  if (articles.length === 0) {
    throw new BadRequestError("고른 글은 모두 이미 임시 저장 상태라서 내릴 글이 없습니다.");
  }
  for (const article of articles) {
    await updateVersioned(trx, "articles", article.id, article.version, { status: "draft" });
  }
  await unindexArticles(
    trx,
    articles.map((article) => article.id),
  );
  return articles.map(({ id, title }) => ({ id, title }));
}
