// `npm run bench -- [--quick] [--articles 100000] [--duration 5] [--rounds 3] [--phone-runs 3]
// [--data-dir DIR]`:
// builds the site, fills a throwaway data folder with the demo club and generated articles, and
// measures it with wrk. `--data-dir` keeps the folder instead (seeded on the first run, reused
// as it is after). `--quick` is for development: 5,000 articles, 3-second runs, one round.
//
// Prints, in this order: whether the load generator saturates nginx; cached pages against nginx
// and bare Node serving the same bytes; cached pages while a manager writes once a second;
// uncached pages and Korean searches; phone figures (Lighthouse); peak memory per process.
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { prepareAccount, signIn, writeEvery } from "./bench/admin-writes.ts";
import { startBareNode } from "./bench/bare-node.ts";
import { formatPhoneScores, measurePhoneScores, PHONE_ROUTES, resolvePhoneRoutes } from "./bench/lighthouse.ts";
import { nginxAvailable, startNginx } from "./bench/nginx.ts";
import {
  formatSection,
  loadAverage,
  median,
  medianRun,
  megabytes,
  type Row,
  ratio,
  type Section,
} from "./bench/report.ts";
import { copyOf, type ServedCopy } from "./bench/served-copy.ts";
import { ensureWrk, type LoadOptions, load } from "./bench/wrk.ts";
import { cpuSeconds, run, startSite, watchMemory } from "./lib/processes.ts";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    articles: { type: "string" },
    duration: { type: "string" },
    rounds: { type: "string" },
    "data-dir": { type: "string" },
    "phone-runs": { type: "string" },
  },
});
const quick = values.quick ?? false;
const articles = Number(values.articles ?? (quick ? 5_000 : 100_000));
const seconds = Number(values.duration ?? (quick ? 3 : 5));
const rounds = Number(values.rounds ?? (quick ? 1 : 3));
const phoneRuns = Number(values["phone-runs"] ?? (quick ? 1 : 3));
const CONNECTIONS = 64;
const TARGETS = { nginxRatio: 0.4, cachedP99: 20, writesP99: 100, rssMb: 200 };
/** Two-syllable words a trigram index alone could not find, and longer ones. */
const SEARCHES = ["행사", "후기", "모집", "해커톤", "스터디", "동아리", "알고리즘", "프로젝트", "세미나", "게임잼"]
  .concat(["react", "Python", "리눅스", "발표", "신입생", "대회", "졸업", "웹 개발", "오대호", "MT"])
  .map((word) => `/community/media?search=${encodeURIComponent(word)}`);

if (!ensureWrk()) process.exit(1);
const withNginx = nginxAvailable();

const say = (line: string) => console.error(`[bench] ${line}`);
const memory: string[] = [];

/** One wrk run against a server, with the CPU time the server's processes spent on it. */
async function measure(name: string, base: string, pid: number, options: Partial<LoadOptions> & { paths: string[] }) {
  const before = cpuSeconds(pid);
  const result = await load(base, { connections: CONNECTIONS, seconds, ...options });
  const spent = cpuSeconds(pid) - before;
  return {
    name,
    result,
    cpuPerRequest: result.requests > 0 ? (spent * 1e6) / result.requests : undefined,
  } satisfies Row;
}

const keptDir = values["data-dir"] ? path.resolve(values["data-dir"]) : undefined;
if (keptDir) await mkdir(keptDir, { recursive: true });
const dataDir = keptDir ?? (await mkdtemp(path.join(tmpdir(), "club-bench-")));
const scratch = await mkdtemp(path.join(tmpdir(), "club-bench-servers-"));
// nginx's workers run as an unprivileged user: they must be able to reach their files.
await chmod(scratch, 0o755);
const env = { DATA_DIR: dataDir, DATABASE_URL: "", PORT: "0" };
const startedAt = performance.now();
try {
  if (keptDir && existsSync(path.join(keptDir, "club.db"))) {
    say(`reusing the articles already in ${dataDir}`);
  } else {
    say(`seeding the demo club and ${articles} articles into ${dataDir}…`);
    const seedStart = performance.now();
    await run(process.execPath, ["scripts/db-seed.ts"], env);
    if (articles > 0) await run(process.execPath, ["scripts/db-seed.ts", "--articles", String(articles)], env);
    say(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
  }
  await prepareAccount(env);

  // Uncached: what a render costs. One connection: the time one visitor waits with nothing queued.
  say("uncached pages and searches…");
  const uncached = await startSite({ ...env, PAGE_CACHE_MB: "0" });
  const uncachedPid = uncached.process.pid as number;
  const uncachedMemory = watchMemory(uncachedPid);
  const listing = await (await fetch(`${uncached.url}/community/media`)).text();
  const articlePath = listing.match(/href="(\/community\/media\/[0-9a-f]{32})"/)?.[1];
  if (!articlePath) throw new Error("No article link on /community/media");
  const deepPage = Math.max(1, Math.floor(articles / 9 / 2));
  const one = { connections: 1, threads: 1 };
  const uncachedRows: Row[] = [];
  for (const [name, paths] of [
    ["uncached /", ["/"]],
    ["uncached /community/media", ["/community/media"]],
    ["uncached article", [articlePath]],
    [`uncached media page ${deepPage}`, [`/community/media?page=${deepPage}`]],
    ["uncached, 20 Korean searches in turn", SEARCHES],
  ] as const) {
    uncachedRows.push(await measure(name, uncached.url, uncachedPid, { ...one, paths: [...paths] }));
  }
  const searchesMeanwhile = { connections: 4, threads: 1, paths: SEARCHES, unique: true };
  const [homeUnderSearch, searches] = await Promise.all([
    measure("uncached / while 4 searches run", uncached.url, uncachedPid, { ...one, paths: ["/"] }),
    measure("  the 4 searches meanwhile", uncached.url, uncachedPid, searchesMeanwhile),
  ]);
  uncachedRows.push(homeUnderSearch, searches);
  uncachedRows.push(
    await measure(`uncached / with ${CONNECTIONS} connections`, uncached.url, uncachedPid, { paths: ["/"] }),
  );
  const uncachedPeaks = uncachedMemory.stop();
  await uncached.stop();
  const idleHome = uncachedRows[0]?.result.p50 ?? 0;
  const uncachedSection: Section = {
    title: "Uncached pages and searches",
    load: loadAverage(),
    rows: uncachedRows,
    notes: [
      `uncached / p50 while 4 searches run: ${ratio(homeUnderSearch.result.p50, idleHome)}x its idle p50`,
      "one connection unless said: the time one visitor waits; CPU µs/answer counts every process of the site",
    ],
  };

  // Cached: what visitors get once a page has been rendered, beside nginx and bare Node.
  say("cached pages against nginx and bare Node…");
  const cached = await startSite(env);
  const cachedPid = cached.process.pid as number;
  const cachedMemory = watchMemory(cachedPid);
  const pages = ["/", "/community/media", articlePath];
  const copies: ServedCopy[] = [];
  for (const page of pages) copies.push(await copyOf(cached.url, page));
  const nginx = withNginx ? await startNginx(path.join(scratch, "nginx"), await freePort(), copies) : undefined;
  const bare = await startBareNode(scratch, await freePort(), copies);
  const servers = [
    ...(nginx ? [{ label: "nginx", url: nginx.url, pid: nginx.pid }] : []),
    { label: "bare Node", url: bare.url, pid: bare.pid },
    { label: "site", url: cached.url, pid: cachedPid },
  ];
  // Warm-up: JIT compilation and the first answers are not what is measured.
  for (const server of servers) await load(server.url, { connections: CONNECTIONS, seconds: 2, paths: pages });

  const clientSection: Section = { title: "Does the load generator saturate nginx?", load: 0, rows: [], notes: [] };
  if (nginx) {
    const single = await measure("nginx /, one wrk, 64 connections", nginx.url, nginx.pid, { paths: ["/"] });
    const twice = await Promise.all(
      [1, 2].map(() => measure("", nginx.url, nginx.pid, { connections: 32, threads: 1, paths: ["/"] })),
    );
    const together = twice.reduce((sum, row) => sum + row.result.requestsPerSecond, 0);
    const wide = await measure("nginx /, one wrk, 256 connections", nginx.url, nginx.pid, {
      connections: 256,
      paths: ["/"],
    });
    clientSection.rows.push(
      single,
      ...twice.map((row, index) => ({ ...row, name: `  second client, wrk ${index + 1} of 2 (32 connections)` })),
      wide,
    );
    const gain = together / single.result.requestsPerSecond - 1;
    clientSection.notes.push(
      `two wrk processes at once: ${together} requests/s together, ${(gain * 100).toFixed(0)}% beside one; ` +
        `256 connections: ${ratio(wide.result.requestsPerSecond, single.result.requestsPerSecond)}x 64. ` +
        (gain < 0.1
          ? "A second client adds nothing: one wrk saturates nginx here."
          : "A second client adds throughput: the client is a bottleneck."),
    );
  } else {
    clientSection.notes.push("nginx is not available: no comparison (install it with `sudo apt-get install -y nginx`)");
  }
  clientSection.load = loadAverage();

  const servingSection: Section = {
    title: `Cached pages, ${CONNECTIONS} connections: the site beside nginx and bare Node on the same bytes`,
    load: 0,
    rows: [],
    notes: [],
  };
  for (const page of pages) {
    const label = page === articlePath ? "article" : page;
    const runs = new Map<string, Row[]>(servers.map((server) => [server.label, []]));
    // Taken in turn, round after round: a change in the machine's load touches all three alike.
    for (let round = 0; round < rounds; round++) {
      for (const server of servers) {
        runs
          .get(server.label)
          ?.push(await measure(`${server.label} ${label}`, server.url, server.pid, { paths: [page] }));
      }
    }
    const typical = (labelOf: string) => {
      const all = runs.get(labelOf) ?? [];
      return { ...medianRun(all), cpuPerRequest: median(all.map((row) => row.cpuPerRequest ?? 0)) };
    };
    const site = typical("site");
    const barePage = typical("bare Node");
    const nginxPage = nginx ? typical("nginx") : undefined;
    servingSection.rows.push(...(nginxPage ? [nginxPage] : []), barePage, site);
    const perRound = (other: string) =>
      (runs.get("site") ?? []).map((row, index) =>
        ratio(row.result.requestsPerSecond, runs.get(other)?.[index]?.result.requestsPerSecond ?? 0),
      );
    servingSection.notes.push(
      `${label}: site at ${nginxPage ? `${ratio(site.result.requestsPerSecond, nginxPage.result.requestsPerSecond)}x nginx (rounds: ${perRound("nginx").join(", ")}), ` : ""}` +
        `${ratio(site.result.requestsPerSecond, barePage.result.requestsPerSecond)}x bare Node (rounds: ${perRound("bare Node").join(", ")}); ` +
        `p99 ${site.result.p99} ms (target: at least ${TARGETS.nginxRatio}x nginx, p99 at most ${TARGETS.cachedP99} ms)`,
    );
  }
  servingSection.notes.push(`median of ${rounds} round(s) of ${seconds} s each; bytes/answer counts headers and body`);
  const oneConnection = await measure("site /, one connection", cached.url, cachedPid, { ...one, paths: ["/"] });
  const [underSearch, searchesBeside] = await Promise.all([
    measure("site / while 4 uncached searches run", cached.url, cachedPid, { ...one, paths: ["/"] }),
    measure("  the 4 uncached searches meanwhile", cached.url, cachedPid, searchesMeanwhile),
  ]);
  servingSection.rows.push(oneConnection, underSearch, searchesBeside);
  servingSection.notes.push(
    `site / p50 while 4 searches run: ${ratio(underSearch.result.p50, oneConnection.result.p50)}x its idle p50`,
  );
  servingSection.load = loadAverage();
  await nginx?.stop();
  await bare.stop();

  say("cached pages while a manager writes once a second…");
  const rotating = { paths: pages, seconds: seconds * 2 };
  const quiet = await measure("/, /community/media and an article in turn, no writes", cached.url, cachedPid, rotating);
  const writer = writeEvery(cached.url, await signIn(cached.url), 1000);
  const busy = await measure("the same, one admin write a second", cached.url, cachedPid, rotating);
  const writeTimes = await writer.stop();
  const writesSection: Section = {
    title: `Cached pages while a manager writes, ${CONNECTIONS} connections`,
    load: loadAverage(),
    rows: [quiet, busy],
    notes: [
      `${writeTimes.length} writes through the admin API (a calendar event added, then removed), each emptying every page; ` +
        `write time p50 ${Math.round(median(writeTimes))} ms, slowest ${Math.round(Math.max(0, ...writeTimes))} ms`,
      `p99 ${quiet.result.p99} ms without writes, ${busy.result.p99} ms with them (target: at most ${TARGETS.writesP99} ms)`,
    ],
  };

  // Phones: Lighthouse on the same cached site once the load has stopped, a median of runs.
  say(`phone figures: Lighthouse, ${phoneRuns} run(s) a page…`);
  const phoneRoutes = await resolvePhoneRoutes(cached.url, PHONE_ROUTES);
  const phones = await measurePhoneScores(cached.url, phoneRoutes, phoneRuns, (route, run) =>
    say(`  ${route}: score ${run.score}, TBT ${run.tbtMs} ms, LCP ${run.lcpMs} ms`),
  );
  const cachedPeaks = cachedMemory.stop();
  await cached.stop();

  const memoryRows = [
    ["page cache off (the uncached runs)", uncachedPeaks],
    ["page cache on (every run since)", cachedPeaks],
  ] as const;
  for (const [label, peaks] of memoryRows) {
    const [primary, ...workers] = peaks;
    const largest = Math.max(...peaks.map((peak) => peak.peakBytes));
    memory.push(
      `${label}: primary ${megabytes(primary?.peakBytes ?? 0)}, ` +
        `workers ${workers.map((peak) => megabytes(peak.peakBytes)).join(", ")} ` +
        `(target: every process at most ${TARGETS.rssMb} MB: ${largest <= TARGETS.rssMb * 1024 * 1024 ? "met" : "missed"})`,
    );
  }

  console.log(
    `\n${cpus()[0]?.model ?? "unknown CPU"}, ${availableParallelism()} cores, ${megabytes(totalmem())}; ` +
      `${articles} articles; wrk and every server on this same machine; ` +
      `${((performance.now() - startedAt) / 60_000).toFixed(1)} minutes\n`,
  );
  for (const section of [clientSection, servingSection, writesSection, uncachedSection]) {
    console.log(`${formatSection(section)}\n`);
  }
  console.log(
    `## Phones (Lighthouse, mobile), median of ${phoneRuns} run(s)\n\n` +
      `Targets: score at least 95, TBT at most 150 ms, LCP at most 1800 ms on each page.\n\n${formatPhoneScores(phones)}\n`,
  );
  console.log(`## Peak resident memory per process\n\n${memory.map((line) => `- ${line}`).join("\n")}`);
} finally {
  await rm(scratch, { recursive: true, force: true });
  if (!keptDir) await rm(dataDir, { recursive: true, force: true });
}

async function freePort(): Promise<number> {
  const { createServer } = await import("node:net");
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}
