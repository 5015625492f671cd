import type { Db } from "#server/db/database.ts";
import { indexArticles } from "#server/domain/articles/search-index.ts";
import { newId } from "#server/storage/storage.ts";
import type { ArticleStatus } from "#shared/article-status.ts";
import { generatedArticle } from "./article-text.ts";

/** An article as a seed writes it: plain paragraphs, no images. */
export interface SeedArticle {
  id: string;
  title: string;
  tag: string;
  publishedAt: string;
  /** Published unless said otherwise; only published ones enter the search index. */
  status?: ArticleStatus;
  paragraphs: string[];
}

/** Writes seed articles and their search index entries; the caller holds the transaction. */
export async function insertSeedArticles(trx: Db, articles: SeedArticle[], now: string): Promise<void> {
  if (articles.length === 0) return;
  await trx
    .insertInto("articles")
    .values(
      articles.map((article) => ({
        id: article.id,
        title: article.title,
        tag: article.tag,
        published_at: article.publishedAt,
        status: article.status ?? "published",
        contents: article.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n"),
        contents_text: article.paragraphs.join("\n"),
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await indexArticles(
    trx,
    articles
      .filter((article) => (article.status ?? "published") === "published")
      .map(({ paragraphs, ...article }) => ({ ...article, text: paragraphs.join("\n") })),
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

const YEAR = 365.25 * 24 * 60 * 60 * 1000;
const BATCH_SIZE = 500;

export interface BulkSeedOptions {
  now?: Date;
  /** Published dates are spread evenly over this many years before `now`. */
  years?: number;
  /** A number in [0, 1); a seeded generator makes the text repeatable. */
  random?: () => number;
  /** Articles per transaction. */
  batchSize?: number;
  onProgress?: (added: number) => void;
}

/**
 * Adds `count` generated articles (Korean text with some Latin words, tags, dates over fifty
 * years, no images), a few hundred per transaction, with their search index entries.
 */
export async function addBulkArticles(db: Db, count: number, options: BulkSeedOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  const span = (options.years ?? 50) * YEAR;
  const random = options.random ?? seededRandom(count);
  const stamp = now.toISOString();
  for (let added = 0; added < count; ) {
    const size = Math.min(options.batchSize ?? BATCH_SIZE, count - added);
    const batch: SeedArticle[] = Array.from({ length: size }, () => ({
      id: newId(),
      publishedAt: new Date(now.getTime() - Math.floor(random() * span)).toISOString(),
      ...generatedArticle(random),
    }));
    await db.transaction().execute((trx) => insertSeedArticles(trx, batch, stamp));
    added += size;
    options.onProgress?.(added);
  }
}

/** Mulberry32: a small, fast generator whose sequence a seed fixes. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
