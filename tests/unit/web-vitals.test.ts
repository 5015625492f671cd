import { describe, expect, test } from "vitest";
import { BUCKET_EDGES, bucketOf, summarize, webVitalsInputSchema } from "#server/domain/analytics/web-vitals.ts";
import { formatWebVital, rateWebVital, WEB_VITALS } from "#shared/web-vitals.ts";

describe("web-vital buckets", () => {
  test("every threshold is a bucket edge, so a p75 at an edge is rated exactly", () => {
    for (const [name, definition] of Object.entries(WEB_VITALS)) {
      const list = BUCKET_EDGES[name as keyof typeof WEB_VITALS];
      expect(list, name).toContain(definition.good);
      expect(list, name).toContain(definition.poor);
      expect(
        [...list].sort((a, b) => a - b),
        name,
      ).toEqual(list);
      expect(new Set(list).size, name).toBe(list.length);
    }
  });

  test("a value lands in the first bucket whose upper edge holds it", () => {
    expect(bucketOf("LCP", 0)).toBe(0);
    expect(bucketOf("LCP", 100)).toBe(0);
    expect(bucketOf("LCP", 100.1)).toBe(1);
    expect(BUCKET_EDGES.LCP[bucketOf("LCP", 2500)]).toBe(2500);
    expect(BUCKET_EDGES.LCP[bucketOf("LCP", 2501)]).toBe(2600);
    expect(BUCKET_EDGES.CLS[bucketOf("CLS", 0.1)]).toBe(0.1);
    expect(BUCKET_EDGES.CLS[bucketOf("CLS", 0.1000001)]).toBe(0.11);
    expect(BUCKET_EDGES.INP[bucketOf("INP", 199)]).toBe(200);
    // Past the last edge: the open bucket after it.
    expect(bucketOf("TTFB", 120_000)).toBe(BUCKET_EDGES.TTFB.length);
  });

  test("p75 is the upper edge of the bucket holding the sample ranked ceil(0.75 n)", () => {
    const counts = (entries: [number, number][]) => new Map(entries);
    const lcp = (value: number) => bucketOf("LCP", value);
    // Four visits: 1.0 s, 1.2 s, 2.4 s, 5 s → the third (2.4 s) is the 75th percentile.
    expect(
      summarize(
        "LCP",
        counts([
          [lcp(1000), 1],
          [lcp(1200), 1],
          [lcp(2400), 1],
          [lcp(5000), 1],
        ]),
      ),
    ).toEqual({ samples: 4, p75: 2400, atLeast: false, rating: "good" });
    // One visit in five over 4 s does not make the page poor; two in five do.
    expect(
      summarize(
        "LCP",
        counts([
          [lcp(2000), 4],
          [lcp(4500), 1],
        ]),
      ).rating,
    ).toBe("good");
    expect(
      summarize(
        "LCP",
        counts([
          [lcp(2000), 3],
          [lcp(4500), 2],
        ]),
      ),
    ).toMatchObject({
      p75: 4500,
      rating: "poor",
    });
    expect(summarize("INP", counts([[bucketOf("INP", 300), 10]]))).toMatchObject({
      p75: 300,
      rating: "needs-improvement",
    });
    expect(summarize("TTFB", counts([[BUCKET_EDGES.TTFB.length, 1]]))).toEqual({
      samples: 1,
      p75: 60_000,
      atLeast: true,
      rating: "poor",
    });
  });
});

describe("web-vital reports", () => {
  const valid = { path: "/join", metrics: [{ name: "LCP", value: 1234.5 }] };

  test("a well-formed report passes", () => {
    expect(webVitalsInputSchema.parse(valid)).toEqual(valid);
  });

  test.each([
    ["no metrics", { path: "/join", metrics: [] }],
    ["an unknown metric", { path: "/join", metrics: [{ name: "FID", value: 10 }] }],
    ["a negative value", { path: "/join", metrics: [{ name: "LCP", value: -1 }] }],
    ["an endless value", { path: "/join", metrics: [{ name: "LCP", value: 1e12 }] }],
    ["a text value", { path: "/join", metrics: [{ name: "LCP", value: "12" }] }],
    ["a layout shift past 100", { path: "/join", metrics: [{ name: "CLS", value: 101 }] }],
    [
      "a metric twice",
      {
        path: "/join",
        metrics: [
          { name: "LCP", value: 1 },
          { name: "LCP", value: 2 },
        ],
      },
    ],
    ["a relative path", { path: "join", metrics: valid.metrics }],
    ["a query string", { path: "/join?x=1", metrics: valid.metrics }],
  ])("%s is refused", (_label, input) => {
    expect(webVitalsInputSchema.safeParse(input).success).toBe(false);
  });
});

test("values read as people read them and rate against Google's thresholds", () => {
  expect(formatWebVital("LCP", 2500)).toBe("2.5 s");
  expect(formatWebVital("LCP", 12_000)).toBe("12 s");
  expect(formatWebVital("INP", 200)).toBe("200 ms");
  expect(formatWebVital("CLS", 0.1)).toBe("0.1");
  expect(rateWebVital("FCP", 1800)).toBe("good");
  expect(rateWebVital("FCP", 1801)).toBe("needs-improvement");
  expect(rateWebVital("TTFB", 1801)).toBe("poor");
});
