// `npm run bench -- [--articles 100000] [--duration 10] [--connections 64] [--data-dir DIR]`: builds
// the site, fills a throwaway data folder with the demo club and generated articles, and measures
// it. `--data-dir` keeps the folder instead (seeded on the first run, reused as it is after), so
// two versions of the site can be measured on the same articles without seeding twice.
// Prints requests per second and latency (p50/p99) for cached and uncached pages, Korean
// searches, the home page while searches run, nginx serving the same bytes, and peak memory.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { type ServedCopy, startNginx } from "./bench/nginx.ts";
import { run, startSite, watchMemory } from "./lib/processes.ts";

const { values } = parseArgs({
  options: {
    articles: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "64" },
    "data-dir": { type: "string" },
  },
});
const articles = Number(values.articles);
const duration = Number(values.duration);
const connections = Number(values.connections);
const ACCEPT = { "accept-encoding": "br, gzip" };
/** Two-syllable words a trigram index alone could not find, and longer ones. */
const SEARCHES = [
  "행사",
  "후기",
  "모집",
  "해커톤",
  "스터디",
  "동아리",
  "알고리즘",
  "프로젝트",
  "세미나",
  "게임잼",
  "react",
  "Python",
  "리눅스",
  "발표",
  "신입생",
  "대회",
  "졸업",
  "웹 개발",
  "오대호",
  "MT",
];

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(
  name: string,
  url: string,
  options: { connections: number; paths: string[] | (() => string); seconds?: number },
): Promise<Row> {
  const { paths } = options;
  // autocannon's own percentiles are whole milliseconds, and a cached page takes a fraction of
  // one: the times of the answers themselves are kept to the microsecond.
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds ?? duration,
        headers: ACCEPT,
        requests:
          typeof paths === "function"
            ? [{ method: "GET", setupRequest: (request) => ({ ...request, path: paths() }) }]
            : paths.map((requestPath) => ({ method: "GET", path: requestPath })),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The value below which `share` of the sorted `times` lie, in ms to two decimals. */
function percentile(times: number[], share: number): number {
  const value = times[Math.min(times.length - 1, Math.ceil(times.length * share) - 1)] ?? 0;
  return Math.round(value * 100) / 100;
}

/** Searches the page cache cannot have seen: each address is new. */
let searchCount = 0;
const freshSearch = () =>
  `/community/media?search=${encodeURIComponent(SEARCHES[searchCount % SEARCHES.length] ?? "")}&n=${++searchCount}`;

const rows: Row[] = [];
const notes: string[] = [];
const keptDir = values["data-dir"] ? path.resolve(values["data-dir"]) : undefined;
if (keptDir) await mkdir(keptDir, { recursive: true });
const dataDir = keptDir ?? (await mkdtemp(path.join(tmpdir(), "club-bench-")));
const seeded = keptDir !== undefined && existsSync(path.join(keptDir, "club.db"));
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  ADMIN_EMAIL: "bench@club.test",
  ADMIN_PASSWORD: "bench-password",
};
try {
  if (seeded) {
    console.log(`Reusing the articles already in ${dataDir}`);
    notes.push("articles seeded by an earlier run (--data-dir)");
  } else {
    console.log(`Seeding the demo club and ${articles} articles into ${dataDir}…`);
    await run(process.execPath, ["scripts/db-seed.ts"], env);
    const seedStart = performance.now();
    if (articles > 0) {
      await run(process.execPath, ["scripts/db-seed.ts", "--articles", String(articles)], env);
    }
    notes.push(`seeding ${articles} articles: ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  }

  // Uncached: what a render costs (one connection: the latency of one visitor at a time).
  const uncached = await startSite({ ...env, PORT: "0", PAGE_CACHE_MB: "0" });
  const uncachedMemory = watchMemory(uncached.process.pid as number);
  const listing = await (await fetch(`${uncached.url}/community/media`)).text();
  const articlePath = listing.match(/href="(\/community\/media\/[0-9a-f]{32})"/)?.[1];
  if (!articlePath) throw new Error("No article link on /community/media");
  const deepPage = Math.max(1, Math.floor(articles / 9 / 2));
  const single = { connections: 1, seconds: Math.max(3, Math.round(duration / 2)) };
  const searchPaths = SEARCHES.map((word) => `/community/media?search=${encodeURIComponent(word)}`);
  // One connection at a time: the time one visitor waits, with nothing queued before them.
  rows.push(await measure("uncached /", uncached.url, { ...single, paths: ["/"] }));
  rows.push(
    await measure("uncached /community/media", uncached.url, {
      ...single,
      paths: ["/community/media"],
    }),
  );
  rows.push(await measure("uncached article", uncached.url, { ...single, paths: [articlePath] }));
  rows.push(
    await measure(`uncached media page ${deepPage}`, uncached.url, {
      ...single,
      paths: [`/community/media?page=${deepPage}`],
    }),
  );
  rows.push(await measure("uncached 20 Korean searches", uncached.url, { ...single, paths: searchPaths }));
  const [homeUnderSearch, searchesUnderHome] = await Promise.all([
    measure("uncached / while 4 searches run", uncached.url, { ...single, paths: ["/"] }),
    measure("  the 4 searches meanwhile", uncached.url, { ...single, connections: 4, paths: freshSearch }),
  ]);
  rows.push(homeUnderSearch, searchesUnderHome);
  rows.push(
    await measure(`uncached / with ${connections} connections`, uncached.url, {
      connections,
      paths: ["/"],
    }),
  );
  const uncachedPeaks = uncachedMemory.stop();
  await uncached.stop();

  // Cached: what visitors get once a page has been rendered.
  const cached = await startSite({ ...env, PORT: "0" });
  const cachedMemory = watchMemory(cached.process.pid as number);
  const copies = [];
  for (const pagePath of ["/", "/community/media"]) copies.push(await rawCopy(cached.url, pagePath));
  const cachedHome = await measure("cached /", cached.url, { connections, paths: ["/"] });
  const cachedMedia = await measure("cached /community/media", cached.url, {
    connections,
    paths: ["/community/media"],
  });
  rows.push(cachedHome, cachedMedia);
  const cachedIdle = await measure("cached /, one connection", cached.url, {
    ...single,
    paths: ["/"],
  });
  const [cachedUnderSearch, searchesUnderCached] = await Promise.all([
    measure("cached / while 4 searches run", cached.url, { ...single, paths: ["/"] }),
    measure("  the 4 uncached searches meanwhile", cached.url, {
      ...single,
      connections: 4,
      paths: freshSearch,
    }),
  ]);
  rows.push(cachedIdle, cachedUnderSearch, searchesUnderCached);
  const cachedPeaks = cachedMemory.stop();
  await cached.stop();

  const nginx = await startNginx(await mkdtemp(path.join(tmpdir(), "club-bench-nginx-")), await freePort(), copies);
  if (nginx) {
    const home = await measure("nginx, same bytes as /", nginx.url, { connections, paths: ["/"] });
    const media = await measure("nginx, same bytes as /community/media", nginx.url, {
      connections,
      paths: ["/community/media"],
    });
    rows.push(home, media);
    notes.push(
      `cached / at ${(cachedHome.requestsPerSecond / home.requestsPerSecond).toFixed(2)}x nginx; ` +
        `cached /community/media at ${(cachedMedia.requestsPerSecond / media.requestsPerSecond).toFixed(2)}x nginx`,
    );
    await nginx.stop();
  } else {
    notes.push("nginx is not available: no comparison");
  }

  const idle = rows.find((row) => row.name === "uncached /");
  const ratio = (loaded: Row, alone: Row | undefined) =>
    alone ? `${(loaded.p50 / Math.max(alone.p50, 0.01)).toFixed(1)}x its idle p50` : "no idle run";
  notes.push(
    `uncached / p50 while 4 searches run: ${ratio(homeUnderSearch, idle)}`,
    `cached / p50 while 4 searches run: ${ratio(cachedUnderSearch, cachedIdle)}`,
  );
  const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  notes.push(
    `peak RSS, uncached run: ${uncachedPeaks.map((p) => megabytes(p.peakBytes)).join(", ")}`,
    `peak RSS, cached run: ${cachedPeaks.map((p) => megabytes(p.peakBytes)).join(", ")}`,
  );

  console.log(
    `\n${cpus()[0]?.model ?? "unknown CPU"}, ${availableParallelism()} cores, ` +
      `${megabytes(totalmem())}; ${articles} articles; ${duration} s per run; load generator on the same machine\n`,
  );
  console.log("| run | requests/s | p50 ms | p99 ms | errors |");
  console.log("|---|---:|---:|---:|---:|");
  for (const row of rows) {
    console.log(`| ${row.name} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} |`);
  }
  console.log("");
  for (const note of notes) console.log(`- ${note}`);
} finally {
  if (!keptDir) await rm(dataDir, { recursive: true, force: true });
}

/** A page exactly as the site sends it for ACCEPT (the encoded bytes), for nginx to serve. */
async function rawCopy(base: string, pagePath: string) {
  const { request } = await import("node:http");
  return new Promise<ServedCopy>((resolve, reject) => {
    request(`${base}${pagePath}`, { headers: ACCEPT }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          path: pagePath,
          body: Buffer.concat(chunks),
          contentType: response.headers["content-type"] ?? "text/html",
          contentEncoding: response.headers["content-encoding"],
        }),
      );
    })
      .once("error", reject)
      .end();
  });
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
