import type { Db } from "#server/db/database.ts";
import { runWrite } from "#server/domain/write/run-write.ts";
import type { Services } from "#server/services.ts";
import { unpublishedArticles } from "./published.ts";
import { indexArticles } from "./search-index.ts";

/**
 * Scheduled articles go public at their time without anyone acting: the server looks for the
 * next one often enough to publish it within seconds, and publishing is an ordinary write of the
 * one path (`runWrite`: the search index and the tag counts with the audit entry in one
 * transaction, the content revision that empties every process's page cache). Several processes or instances may look at once; each article is published
 * by whichever one flips its status first, the others find nothing left to do.
 */

/** The name the audit log gives to publishing nobody did by hand. */
export const SCHEDULED_PUBLISHER = "예약 게시";
/** The longest the publisher sleeps, so an article scheduled meanwhile waits no longer. */
const MAX_WAIT_MS = 5_000;
const BATCH = 100;

/** Publishes every scheduled article whose time has come; answers the titles it published. */
type PublishingServices = Pick<Services, "db" | "storage" | "logger" | "pageCache">;

export async function publishDueArticles(services: PublishingServices, now = new Date()): Promise<string[]> {
  const due = await unpublishedArticles(services.db)
    .select("id")
    .where("status", "=", "scheduled")
    .where("published_at", "<=", now.toISOString())
    .orderBy("published_at")
    .limit(BATCH)
    .execute();
  const published: string[] = [];
  for (const { id } of due) {
    const description = {
      category: "media" as const,
      // Published meanwhile by another process: nothing to log here.
      success: (title: string | undefined) =>
        title ? `예약한 '${title}' 게시글이 게시되었습니다` : { message: "", entries: [] },
      failure: "예약한 게시글을 게시하지 못했습니다",
    };
    const done = await runWrite(services, SCHEDULED_PUBLISHER, description, (trx) => publish(trx, id, now));
    if (done.ok && done.data) published.push(done.data);
  }
  return published;
}

async function publish(trx: Db, id: string, now: Date): Promise<string | undefined> {
  // The status condition makes the flip happen once, whoever else is looking.
  const article = await trx
    .updateTable("articles")
    .set((eb) => ({ status: "published", version: eb("version", "+", 1), updated_at: now.toISOString() }))
    .where("id", "=", id)
    .where("status", "=", "scheduled")
    .returning(["id", "title", "tag", "published_at", "contents_text"])
    .executeTakeFirst();
  if (!article) return undefined;
  await indexArticles(trx, [
    {
      id: article.id,
      title: article.title,
      tag: article.tag,
      publishedAt: article.published_at,
      text: article.contents_text,
    },
  ]);
  return article.title;
}

/** When the next scheduled article is due, or undefined when none is scheduled. */
async function nextDue(db: Db): Promise<Date | undefined> {
  const row = await unpublishedArticles(db)
    .select((eb) => eb.fn.min("published_at").as("next"))
    .where("status", "=", "scheduled")
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : undefined;
}

/**
 * Keeps publishing scheduled articles as they fall due, until `stop` is called: wakes at the next
 * one's time, or after a few seconds at most (a manager may schedule one meanwhile).
 */
export function startScheduledPublishing(services: PublishingServices): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const tick = async () => {
    let wait = MAX_WAIT_MS;
    try {
      const titles = await publishDueArticles(services);
      if (titles.length > 0) services.logger.info({ titles }, "scheduled articles published");
      const next = await nextDue(services.db);
      if (next) wait = Math.max(0, Math.min(MAX_WAIT_MS, next.getTime() - Date.now()));
    } catch (error) {
      // The database may be away for a moment; the next tick tries again.
      services.logger.warn({ err: error }, "scheduled publishing failed");
    }
    if (!stopped) timer = setTimeout(() => void tick(), wait).unref();
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
