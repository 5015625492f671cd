import type { Db } from "#server/db/database.ts";
import type { FileChanges } from "#server/domain/files/files.ts";
import { processImage } from "#server/domain/files/images.ts";
import { formatDayLabel, seoulDate, seoulMidnight, seoulYearMonth } from "#shared/dates.ts";
import { renderArtwork } from "./artwork.ts";
import type * as demo from "./demo-content.ts";

const DAY = 24 * 60 * 60 * 1000;

/**
 * What every section of the demo seed shares: the transaction, the files written with it, the
 * moment the demo is made at, and drawing and storing its artwork.
 */
export class SeedSection {
  protected readonly stamp: string;
  protected readonly trx: Db;
  protected readonly files: FileChanges;
  protected readonly now: Date;

  constructor(trx: Db, files: FileChanges, now: Date) {
    this.trx = trx;
    this.files = files;
    this.now = now;
    this.stamp = now.toISOString();
  }

  protected timestamps() {
    return { created_at: this.stamp, updated_at: this.stamp };
  }

  protected async image(folder: string, image: demo.DemoImage, seed: string, size: { width: number; height: number }) {
    const png = await renderArtwork({ style: image.style, palette: image.palette, seed, ...size });
    const processed = await processImage(png);
    return this.files.store({
      folder,
      extension: processed.extension,
      contentType: processed.contentType,
      body: processed.body,
      width: processed.width,
      height: processed.height,
      variants: processed.variants,
      originalName: `${seed}.png`,
    });
  }

  protected daysAgo(days: number): string {
    return new Date(this.now.getTime() - days * DAY).toISOString();
  }
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY);
}

/** The next recruiting window: mid-February or mid-August, whichever comes first. */
export function nextRecruitingWindow(now: Date): { first: Date; second: Date } {
  const { year } = seoulYearMonth(now);
  const candidates = [`${year}-02-16`, `${year}-08-17`, `${year + 1}-02-16`].map(seoulMidnight);
  const first = candidates.find((candidate) => candidate.getTime() > now.getTime()) ?? candidates[2];
  if (!first) throw new Error("no recruiting window");
  return { first, second: addDays(first, 28) };
}

/** "2월 16일 (화) ~ 3월 6일 (토)", as an admission schedule names its days. */
export function formatRange(start: Date, end?: Date): string {
  const day = (instant: Date) => formatDayLabel(seoulDate(instant));
  return end ? `${day(start)} ~ ${day(end)}` : day(start);
}
