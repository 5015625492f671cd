// Lighthouse's mobile performance audit of the site's public pages, run a few times per page so
// a median can be reported: what a first visit costs a mid-range phone on a slow mobile link.
//
//   const results = await measurePhoneScores("http://127.0.0.1:3000", ["/", "/join"], 3);
//   for (const result of results) console.log(result.route, result.median.score, result.median.tbtMs);
//
// Drives Debian's Chromium (CHROMIUM_PATH overrides it), headless, one fresh browser per run so
// no run inherits another's cache or compiled code. Lighthouse's simulated throttling replays a
// trace recorded on this machine, so the figures move with its load: report `loadAverage` along.
import { loadavg } from "node:os";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../lib/chromium.ts";

/** One Lighthouse run of one page. Times in milliseconds; the score from 0 to 100. */
export interface PhoneRun {
  score: number;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
  cls: number;
  speedIndexMs: number;
  /** Lighthouse's own measure of how fast the machine ran (higher is faster; it moves with load). */
  benchmarkIndex: number;
  /**
   * What Lighthouse says was wrong with the run, such as a page that never went quiet within its
   * 45 s limit ("Results may be incomplete"): a run with a warning is not a clean figure.
   */
  warnings: string[];
}

export interface PhoneRouteResult {
  route: string;
  /** Each metric's median over the runs, taken separately. */
  median: PhoneRun;
  runs: PhoneRun[];
}

export interface PhoneScores {
  routes: PhoneRouteResult[];
  /** The machine's 1-minute load average before and after the runs. */
  loadAverage: { before: number; after: number };
}

/** The pages the phone targets hold; "article" stands for the newest article (resolve it first). */
export const PHONE_ROUTES = ["/", "/community/media", "article", "/archive/calendar", "/join", "/about/organization"];

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

/** A run Lighthouse could not record (it happens on a busy machine) is tried again, this often. */
const ATTEMPTS = 3;

/**
 * Runs Lighthouse's mobile performance audit `runs` times on each of `routes` (paths such as
 * "/join", or whole addresses) of the site at `baseUrl`, and returns each route's median score,
 * blocking time and largest paint with the single runs. Routes are measured in turn, a round at
 * a time, so a busy moment of the machine spreads over all of them. `onRun` hears of each run as
 * it ends (for progress).
 */
export async function measurePhoneScores(
  baseUrl: string,
  routes: string[],
  runs = 3,
  onRun?: (route: string, run: PhoneRun) => void,
): Promise<PhoneScores> {
  const before = loadavg()[0] ?? 0;
  const collected = new Map<string, PhoneRun[]>(routes.map((route) => [route, []]));
  for (let round = 0; round < runs; round += 1) {
    for (const route of routes) {
      const run = await runWithRetries(new URL(route, baseUrl).href);
      collected.get(route)?.push(run);
      onRun?.(route, run);
    }
  }
  return {
    routes: routes.map((route) => {
      const list = collected.get(route) ?? [];
      return { route, runs: list, median: medianRun(list) };
    }),
    loadAverage: { before: round2(before), after: round2(loadavg()[0] ?? 0) },
  };
}

async function runWithRetries(url: string): Promise<PhoneRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}

async function runOnce(url: string): Promise<PhoneRun> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ["performance"],
      output: "json",
      logLevel: "error",
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
    const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      tbtMs: Math.round(value("total-blocking-time")),
      lcpMs: Math.round(value("largest-contentful-paint")),
      fcpMs: Math.round(value("first-contentful-paint")),
      cls: round2(value("cumulative-layout-shift")),
      speedIndexMs: Math.round(value("speed-index")),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      warnings: lhr.runWarnings.map(String),
    };
  } finally {
    chrome.kill();
  }
}

function medianRun(runs: PhoneRun[]): PhoneRun {
  const of = (pick: (run: PhoneRun) => number) => median(runs.map(pick));
  return {
    score: of((run) => run.score),
    tbtMs: of((run) => run.tbtMs),
    lcpMs: of((run) => run.lcpMs),
    fcpMs: of((run) => run.fcpMs),
    cls: of((run) => run.cls),
    speedIndexMs: of((run) => run.speedIndexMs),
    benchmarkIndex: of((run) => run.benchmarkIndex),
    warnings: [...new Set(runs.flatMap((run) => run.warnings))],
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The scores as a Markdown table: each route's medians, then its single runs. */
export function formatPhoneScores({ routes, loadAverage }: PhoneScores): string {
  const runText = (list: PhoneRun[], pick: (run: PhoneRun) => number) => list.map(pick).join(", ");
  const lines = [
    "| page | score | TBT ms | LCP ms | FCP ms | CLS | scores | TBTs | LCPs | CPU index |",
    "|---|---:|---:|---:|---:|---:|---|---|---|---|",
  ];
  for (const { route, median, runs } of routes) {
    lines.push(
      `| ${route} | ${median.score} | ${median.tbtMs} | ${median.lcpMs} | ${median.fcpMs} | ${median.cls} | ` +
        `${runText(runs, (r) => r.score)} | ${runText(runs, (r) => r.tbtMs)} | ${runText(runs, (r) => r.lcpMs)} | ` +
        `${runText(runs, (r) => r.benchmarkIndex)} |`,
    );
  }
  lines.push("", `load average (1 min) ${loadAverage.before} before, ${loadAverage.after} after`);
  for (const { route, runs } of routes) {
    const warned = runs.filter((run) => run.warnings.length > 0);
    if (warned.length > 0) {
      lines.push(`warning, ${route}, ${warned.length} of ${runs.length} runs: ${warned[0]?.warnings.join(" ")}`);
    }
  }
  return lines.join("\n");
}

/** Paths as given, with "article" replaced by the newest article's address. */
export async function resolvePhoneRoutes(baseUrl: string, routes: string[]): Promise<string[]> {
  if (!routes.includes("article")) return routes;
  const listing = await (await fetch(`${baseUrl}/community/media`)).text();
  const article = listing.match(/href="(\/community\/media\/[0-9a-f]{32})"/)?.[1];
  if (!article) throw new Error("the media list shows no article");
  return routes.map((route) => (route === "article" ? article : route));
}
