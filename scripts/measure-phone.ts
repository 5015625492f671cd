// `node scripts/measure-phone.ts [--runs 3] [--route /join ...] [--trace] [--url URL]`: what the
// public pages cost a phone. Starts the built site (`npm run build` first; BUILD_DIR picks
// another build) on a throwaway data folder with the demo club, as `npm run bench` runs it
// (SQLite, two workers), and prints Lighthouse's mobile medians per page: score, blocking time
// (TBT) and largest paint (LCP), with the single runs and the machine's load average.
//
// --trace prints instead where each page's main thread goes in its first 7 s at 4x CPU slowdown
// (scripts/bench/main-thread.ts), with scripts and without; its totals move less with the
// machine's load than Lighthouse's figures, so use it to compare two versions of a page.
// --url measures a site that is already running instead of starting one.
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatPhoneScores, measurePhoneScores, PHONE_ROUTES, resolvePhoneRoutes } from "./bench/lighthouse.ts";
import { launchTracingBrowser, type MainThreadProfile, traceMainThread, WORK_KINDS } from "./bench/main-thread.ts";
import { run, type SiteProcess, startSite } from "./lib/processes.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    route: { type: "string", multiple: true },
    trace: { type: "boolean", default: false },
    url: { type: "string" },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a whole number of at least 1");

let site: SiteProcess | undefined;
let dataDir: string | undefined;
try {
  let baseUrl = values.url;
  if (!baseUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), "club-phone-"));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_EMAIL: "bench@club.test",
      ADMIN_PASSWORD: "bench-password",
    };
    await run(process.execPath, ["scripts/db-seed.ts"], env);
    site = await startSite({ ...env, PORT: "0", WORKERS: "2" });
    baseUrl = site.url;
  }
  const routes = await resolvePhoneRoutes(baseUrl, values.route ?? PHONE_ROUTES);
  console.log(
    `${baseUrl}; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(", ")}\n`,
  );
  if (values.trace) await printTraces(baseUrl, routes);
  else await printScores(baseUrl, routes);
} finally {
  await site?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

async function printScores(baseUrl: string, routes: string[]) {
  const scores = await measurePhoneScores(baseUrl, routes, runs, (route, run) =>
    console.error(`${route}: score ${run.score}, TBT ${run.tbtMs} ms, LCP ${run.lcpMs} ms`),
  );
  console.log(formatPhoneScores(scores));
}

async function printTraces(baseUrl: string, routes: string[]) {
  const browser = await launchTracingBrowser();
  try {
    console.log(
      `| page | scripts | busy ms | CPU ms | ${WORK_KINDS.join(" | ")} | blocking ms | long tasks ms |\n` +
        `|---|---|---:|---:|${WORK_KINDS.map(() => "---:").join("|")}|---:|---|`,
    );
    for (const route of routes) {
      for (const javaScriptEnabled of [true, false]) {
        const profiles: MainThreadProfile[] = [];
        for (let index = 0; index < runs; index += 1) {
          profiles.push(await traceMainThread(browser, new URL(route, baseUrl).href, { javaScriptEnabled }));
        }
        // The run of median processor time stands for the page.
        const typical = [...profiles].sort((a, b) => a.cpuMs - b.cpuMs)[Math.floor(profiles.length / 2)];
        if (!typical) continue;
        console.log(
          `| ${route} | ${javaScriptEnabled ? "on" : "off"} | ${typical.busyMs} | ${typical.cpuMs} | ` +
            `${WORK_KINDS.map((kind) => typical.byKind[kind]).join(" | ")} | ${typical.blockingMs} | ` +
            `${typical.longTasks.join(", ")} |`,
        );
      }
    }
  } finally {
    await browser.close();
  }
}
