import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { seoulDate } from "#shared/dates.ts";
import { rateWebVital, WEB_VITAL_NAMES, type WebVitalName, type WebVitalRating } from "#shared/web-vitals.ts";
import { type DateRange, dateRangeSchema, pagePathSchema } from "./page-views.ts";

/**
 * Web vitals from real visits, kept as histograms: per Seoul day, page and metric, a count of
 * samples in each of a fixed set of buckets. No sample is stored on its own, yet the 75th
 * percentile of any range of days is read from the summed buckets, and the table grows with
 * days × pages × buckets, never with visits.
 */

/** Upper edges (inclusive) of the buckets. The thresholds are edges, so ratings are exact. */
function edges(step: number, until: number, tail: number[]): number[] {
  const digits = step < 1 ? 2 : 0; // so that ten steps of 0.01 are exactly 0.1
  const count = Math.round(until / step);
  const steps = Array.from({ length: count }, (_, index) => Number(((index + 1) * step).toFixed(digits)));
  return [...steps, ...tail];
}

export const BUCKET_EDGES: Record<WebVitalName, number[]> = {
  // 100 ms steps up to 6 s, then coarser: thresholds 2.5 s / 4 s and 1.8 s / 3 s.
  LCP: edges(100, 6000, [7000, 8000, 10_000, 15_000, 20_000, 30_000, 60_000]),
  FCP: edges(100, 6000, [7000, 8000, 10_000, 15_000, 20_000, 30_000, 60_000]),
  // 25 ms steps up to 1 s: thresholds 200 / 500 ms.
  INP: edges(25, 1000, [1250, 1500, 2000, 3000, 5000, 10_000]),
  // No shift at all (most visits) apart, then 0.01 steps up to 0.5: thresholds 0.1 / 0.25.
  CLS: [0, ...edges(0.01, 0.5, [0.6, 0.75, 1, 1.5, 2, 3, 5])],
  // 50 ms steps up to 2 s: thresholds 0.8 / 1.8 s.
  TTFB: edges(50, 2000, [2500, 3000, 4000, 5000, 7500, 10_000, 20_000, 60_000]),
};

/** The bucket a value falls in; values past the last edge share one open bucket after it. */
export function bucketOf(name: WebVitalName, value: number): number {
  const list = BUCKET_EDGES[name];
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (value <= (list[middle] ?? Number.POSITIVE_INFINITY)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The largest value accepted per metric: ten minutes, or a layout shift score of 100. */
const MAX_VALUE: Record<WebVitalName, number> = {
  LCP: 600_000,
  FCP: 600_000,
  INP: 600_000,
  TTFB: 600_000,
  CLS: 100,
};

const metricSchema = z
  .object({ name: z.enum(WEB_VITAL_NAMES), value: z.number().finite().min(0) })
  .refine((metric) => metric.value <= MAX_VALUE[metric.name], "value is out of range");

/** What the browser sends: the page it measured and each metric at most once. */
export const webVitalsInputSchema = z.object({
  path: pagePathSchema,
  metrics: z
    .array(metricSchema)
    .min(1)
    .max(WEB_VITAL_NAMES.length)
    .refine(
      (metrics) => new Set(metrics.map((metric) => metric.name)).size === metrics.length,
      "each metric may be sent once",
    ),
});

export type WebVitalsInput = z.infer<typeof webVitalsInputSchema>;

/** Adds the samples of one visit to the day's histograms, in one statement on both engines. */
export async function recordWebVitals(
  db: Db,
  path: string,
  metrics: WebVitalsInput["metrics"],
  now: Date = new Date(),
): Promise<void> {
  const day = seoulDate(now);
  await db
    .insertInto("web_vitals")
    .values(
      metrics.map(({ name, value }) => ({
        day,
        path,
        metric: name,
        bucket: bucketOf(name, value),
        samples: 1,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(["day", "path", "metric", "bucket"]).doUpdateSet((eb) => ({
        samples: eb("web_vitals.samples", "+", eb.ref("excluded.samples")),
      })),
    )
    .execute();
}

export interface WebVitalSummary {
  samples: number;
  /**
   * The 75th percentile, as the upper edge of the bucket that holds it (so never flattering);
   * for the open last bucket, its lower edge with `atLeast`.
   */
  p75: number;
  atLeast: boolean;
  rating: WebVitalRating;
}

export type WebVitalSummaries = Partial<Record<WebVitalName, WebVitalSummary>>;

export interface WebVitalStats {
  range: DateRange;
  /** Every page together. */
  overall: WebVitalSummaries;
  /** Pages with samples, the most measured first, at most `pageLimit` of them. */
  byPath: { path: string; samples: number; metrics: WebVitalSummaries }[];
}

/** The 75th percentile from bucket counts: the bucket of the sample ranked ceil(0.75 × n). */
export function summarize(name: WebVitalName, counts: Map<number, number>): WebVitalSummary {
  const samples = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const rank = Math.ceil(samples * 0.75);
  const list = BUCKET_EDGES[name];
  let seen = 0;
  let bucket = 0;
  for (const [index, count] of [...counts].sort(([a], [b]) => a - b)) {
    seen += count;
    bucket = index;
    if (seen >= rank) break;
  }
  const atLeast = bucket >= list.length;
  const p75 = atLeast ? (list.at(-1) ?? 0) : (list[bucket] ?? 0);
  return { samples, p75, atLeast, rating: atLeast ? "poor" : rateWebVital(name, p75) };
}

/** p75 per metric for all pages and for each page over a range of Seoul days. */
export async function getWebVitalStats(db: Db, range: DateRange, pageLimit = 20): Promise<WebVitalStats> {
  const { from, to } = dateRangeSchema.parse(range);
  const rows = await db
    .selectFrom("web_vitals")
    .select((eb) => ["path", "metric", "bucket", eb.fn.sum<number | string>("samples").as("count")])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .groupBy(["path", "metric", "bucket"])
    .execute();

  const overall = new Map<WebVitalName, Map<number, number>>();
  const pages = new Map<string, Map<WebVitalName, Map<number, number>>>();
  const add = (target: Map<WebVitalName, Map<number, number>>, row: (typeof rows)[number]) => {
    const name = row.metric as WebVitalName;
    const counts = target.get(name) ?? new Map<number, number>();
    counts.set(Number(row.bucket), (counts.get(Number(row.bucket)) ?? 0) + Number(row.count));
    target.set(name, counts);
  };
  for (const row of rows) {
    add(overall, row);
    const page = pages.get(row.path) ?? new Map();
    pages.set(row.path, page);
    add(page, row);
  }

  const summaries = (metrics: Map<WebVitalName, Map<number, number>>): WebVitalSummaries =>
    Object.fromEntries(
      WEB_VITAL_NAMES.filter((name) => metrics.has(name)).map((name) => [
        name,
        summarize(name, metrics.get(name) ?? new Map()),
      ]),
    );
  const byPath = [...pages]
    .map(([path, metrics]) => {
      const summary = summaries(metrics);
      // Every visit reports at least one of these; the most often reported one counts visits.
      const samples = Math.max(...Object.values(summary).map((metric) => metric.samples));
      return { path, samples, metrics: summary };
    })
    .sort((a, b) => b.samples - a.samples || a.path.localeCompare(b.path))
    .slice(0, pageLimit);
  return { range: { from, to }, overall: summaries(overall), byPath };
}
