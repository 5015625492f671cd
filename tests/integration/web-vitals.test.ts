import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { action as webVitalsAction } from "#app/routes/resources/web-vitals.ts";
import { getWebVitalStats, recordWebVitals } from "#server/domain/analytics/web-vitals.ts";
import { servicesContext } from "#server/http/router-context.ts";
import { describeEachDatabase, type TestServices } from "./support/databases.ts";

const browserAgent =
  "Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36";

function post(services: TestServices, body: string, headers: Record<string, string> = {}) {
  const request = new Request("http://club.test/api/web-vitals", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "user-agent": browserAgent, ...headers },
  });
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return webVitalsAction({
    request,
    url: new URL(request.url),
    params: {},
    context,
    pattern: "",
  } as never);
}

async function rows(services: TestServices) {
  const found = await services.db
    .selectFrom("web_vitals")
    .select(["path", "metric", "bucket", "samples"])
    .orderBy("path")
    .orderBy("metric")
    .orderBy("bucket")
    .execute();
  return found.map((row) => ({ ...row, bucket: Number(row.bucket), samples: Number(row.samples) }));
}

describeEachDatabase("web-vitals endpoint", (services) => {
  const visit = {
    path: "/archive/calendar",
    metrics: [
      { name: "LCP", value: 1234.5 },
      { name: "CLS", value: 0.02 },
      { name: "TTFB", value: 80 },
    ],
  };

  test("adds a visitor's report to the day's histograms of a public page", async () => {
    const response = await post(services(), JSON.stringify(visit));
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toEqual({ counted: true });
    await post(services(), JSON.stringify(visit));
    expect(await rows(services())).toEqual([
      // 0.02 is in the bucket after 0 and 0.01, 1234.5 ms in the 13th of 100 ms, 80 ms in the
      // 2nd of 50 ms.
      { path: "/archive/calendar", metric: "CLS", bucket: 2, samples: 2 },
      { path: "/archive/calendar", metric: "LCP", bucket: 12, samples: 2 },
      { path: "/archive/calendar", metric: "TTFB", bucket: 1, samples: 2 },
    ]);
  });

  test("answers bad input with a 4xx and changes nothing", async () => {
    const before = await rows(services());
    const cases: [string, Record<string, string>, number][] = [
      ["not json", {}, 400],
      ["{}", {}, 400],
      [JSON.stringify({ path: "/join", metrics: [{ name: "FID", value: 12 }] }), {}, 400],
      [JSON.stringify({ path: "/join", metrics: [{ name: "LCP", value: -5 }] }), {}, 400],
      [JSON.stringify({ path: "/join", metrics: [] }), {}, 400],
      [JSON.stringify({ ...visit, padding: "x".repeat(5000) }), {}, 413],
      [JSON.stringify(visit), { origin: "https://elsewhere.example" }, 403],
      [JSON.stringify(visit), { "sec-fetch-site": "cross-site" }, 403],
    ];
    for (const [body, headers, status] of cases) {
      const response = await post(services(), body, headers);
      expect({ body: body.slice(0, 60), status: response.status }).toEqual({
        body: body.slice(0, 60),
        status,
      });
    }
    expect(await rows(services())).toEqual(before);
  });

  test("crawlers, the admin area and unknown pages are answered but not counted", async () => {
    const before = await rows(services());
    for (const [path, agent] of [
      ["/archive/calendar", "Googlebot/2.1 (+http://www.google.com/bot.html)"],
      ["/archive/calendar", "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/140.0 Safari/537.36"],
      ["/archive/calendar", ""],
      ["/admin", browserAgent],
      ["/no/such/page", browserAgent],
    ] as const) {
      const response = await post(services(), JSON.stringify({ ...visit, path }), {
        "user-agent": agent,
      });
      expect(response.status).toBe(200);
      await expect(response.json()).resolves.toEqual({ counted: false });
    }
    expect(await rows(services())).toEqual(before);
  });
});

describeEachDatabase("web-vitals report", (services) => {
  const day = (date: string) => new Date(`${date}T03:00:00Z`); // noon in Seoul

  test("p75 per page and for every page, over the days asked for", async () => {
    const { db } = services();
    // /join: 8 visits in two days, two of them slow; the 75th percentile (6th of 8) is still fast.
    const joinLcp = [900, 1000, 1100, 1200, 1300, 1400, 4200, 5000];
    for (const [index, value] of joinLcp.entries()) {
      await recordWebVitals(
        db,
        "/join",
        [
          { name: "LCP", value },
          { name: "INP", value: index < 4 ? 120 : 260 },
        ],
        day(index < 4 ? "2026-11-20" : "2026-11-21"),
      );
    }
    // /: 4 visits, 3 of them poor on LCP, one layout shift of 0.3 and three without.
    for (const [lcp, cls] of [
      [4500, 0],
      [4600, 0.3],
      [2000, 0],
      [4100, 0],
    ] as const) {
      await recordWebVitals(
        db,
        "/",
        [
          { name: "LCP", value: lcp },
          { name: "CLS", value: cls },
        ],
        day("2026-11-21"),
      );
    }
    // A day outside the range asked for.
    await recordWebVitals(db, "/join", [{ name: "LCP", value: 30_000 }], day("2026-11-25"));

    const stats = await getWebVitalStats(db, { from: "2026-11-19", to: "2026-11-22" });
    expect(stats.range).toEqual({ from: "2026-11-19", to: "2026-11-22" });
    expect(stats.byPath.map((page) => [page.path, page.samples])).toEqual([
      ["/join", 8],
      ["/", 4],
    ]);
    const join = stats.byPath[0]?.metrics;
    expect(join?.LCP).toEqual({ samples: 8, p75: 1400, atLeast: false, rating: "good" });
    // INP: 4 × 120 ms and 4 × 260 ms; the 6th of 8 is 260 ms.
    expect(join?.INP).toEqual({
      samples: 8,
      p75: 275,
      atLeast: false,
      rating: "needs-improvement",
    });
    expect(join?.CLS).toBeUndefined();
    const home = stats.byPath[1]?.metrics;
    // 2000, 4100, 4500, 4600 ms: the 3rd of 4.
    expect(home?.LCP).toEqual({ samples: 4, p75: 4500, atLeast: false, rating: "poor" });
    expect(home?.CLS).toEqual({ samples: 4, p75: 0, atLeast: false, rating: "good" });
    // Every page: 12 LCP samples; the 9th is 4200 ms.
    expect(stats.overall.LCP).toEqual({ samples: 12, p75: 4200, atLeast: false, rating: "poor" });

    const later = await getWebVitalStats(db, { from: "2026-11-25", to: "2026-11-25" });
    expect(later.overall.LCP).toEqual({ samples: 1, p75: 30_000, atLeast: false, rating: "poor" });
    const none = await getWebVitalStats(db, { from: "2026-01-01", to: "2026-01-31" });
    expect(none).toEqual({
      range: { from: "2026-01-01", to: "2026-01-31" },
      overall: {},
      byPath: [],
    });
  });

  test("a malformed or reversed range is refused", async () => {
    const { db } = services();
    await expect(getWebVitalStats(db, { from: "2026-11-24", to: "2026-11-21" })).rejects.toThrow();
    await expect(getWebVitalStats(db, { from: "2024-01-01", to: "2026-01-01" })).rejects.toThrow();
  });
});
