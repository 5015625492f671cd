import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { NEW_ARTICLE_KEY } from "#shared/article-autosave.ts";
import { ARTICLE_STATUSES } from "#shared/article-status.ts";
import { articleIdSchema, MAX_TAG_LENGTH, MAX_TITLE_LENGTH } from "./articles.ts";

/**
 * Autosaved copies of articles being written: the editor sends its text fields after a few
 * seconds without typing, and a manager who reopens the editor (after closing the tab, a crash,
 * an expired session) is offered the copy back. A copy is the manager's own, never public and
 * never the article itself; saving the article removes it.
 */

export const autosaveSchema = z.object({
  key: z.union([z.literal(NEW_ARTICLE_KEY), articleIdSchema]),
  title: z.string().max(MAX_TITLE_LENGTH * 2),
  tag: z.string().max(MAX_TAG_LENGTH * 2),
  status: z.union([z.literal(""), z.enum(ARTICLE_STATUSES)]),
  publishedAt: z.string().max(40),
  contents: z.string().max(10 * 1024 * 1024),
});

export type AutosavedFields = Omit<z.infer<typeof autosaveSchema>, "key">;

export interface Autosave {
  fields: AutosavedFields;
  savedAt: string;
}

/** Keeps the manager's copy of one article, replacing the one before. */
export async function saveAutosave(
  db: Db,
  accountId: string,
  { key, ...fields }: z.infer<typeof autosaveSchema>,
  now = new Date(),
): Promise<string> {
  const savedAt = now.toISOString();
  const values = { fields: JSON.stringify(fields), saved_at: savedAt };
  await db
    .insertInto("article_autosaves")
    .values({ account_id: accountId, article_key: key, ...values })
    .onConflict((conflict) => conflict.columns(["account_id", "article_key"]).doUpdateSet(values))
    .execute();
  return savedAt;
}

/** The manager's copy of an article (or of a new one), if there is one. */
export async function getAutosave(db: Db, accountId: string, key: string): Promise<Autosave | undefined> {
  const row = await db
    .selectFrom("article_autosaves")
    .select(["fields", "saved_at"])
    .where("account_id", "=", accountId)
    .where("article_key", "=", key)
    .executeTakeFirst();
  if (!row) return undefined;
  const parsed = autosaveSchema.omit({ key: true }).safeParse(JSON.parse(row.fields));
  return parsed.success ? { fields: parsed.data, savedAt: row.saved_at } : undefined;
}

/** The copy is spent: the manager saved the article (or chose to discard the copy). */
export async function deleteAutosave(db: Db, accountId: string, key: string): Promise<void> {
  await db.deleteFrom("article_autosaves").where("account_id", "=", accountId).where("article_key", "=", key).execute();
}

/** A deleted article takes every manager's copy with it. */
export async function forgetAutosaves(db: Db, articleId: string): Promise<void> {
  await db.deleteFrom("article_autosaves").where("article_key", "=", articleId).execute();
}

/**
 * The copy to offer back when the editor opens: for a new article any copy; for an article, one
 * made after its last save that differs from what is saved.
 */
export async function recoverableCopy(
  db: Db,
  accountId: string,
  key: string,
  saved?: AutosavedFields & { updatedAt: string },
): Promise<Autosave | undefined> {
  const copy = await getAutosave(db, accountId, key);
  if (!copy || !saved) return copy;
  if (Date.parse(copy.savedAt) <= Date.parse(saved.updatedAt)) return undefined;
  const same = (Object.keys(copy.fields) as (keyof AutosavedFields)[]).every(
    (field) => copy.fields[field] === saved[field],
  );
  return same ? undefined : copy;
}
