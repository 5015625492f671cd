/**
 * `npm run test:scale`: two instances of the built site as one deployment would run them, on
 * one PostgreSQL database (scripts/with-postgres.sh starts a throwaway one) and one S3-compatible
 * bucket (s3rver, in a process of its own), behind Caddy with the deployment's Caddyfile; then
 * the `scale-backup` test project (the day's backup both looked for at their start), the `scale`
 * project against them, and last the `scale-outage` project, which stops PostgreSQL under them.
 *
 * The instances start at the same moment on an empty database, so they race to migrate and seed;
 * each has a data folder of its own, so nothing is shared but the database and the bucket. The
 * site must be built first (`npm run build`), as for `npm run test:postgres`. With
 * `TEST_PORTS=first-last` every server listens on a port of that range (scripts/lib/ports.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CADDY_PROGRAM, type CaddyProcess, startCaddy } from "./lib/caddy.ts";
import { ensureDebianPackage } from "./lib/debian-package.ts";
import { portAllocator } from "./lib/ports.ts";
import { run, type SiteProcess, startSite } from "./lib/processes.ts";
import { type S3rverProcess, s3Environment, startS3rver } from "./lib/s3rver.ts";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const ADMIN = { email: "scale@club.test", password: "scale-test-password" };
const BACKUP_BUCKET = "club-scale-backups";

async function main(): Promise<void> {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? "";
  if (!databaseUrl.startsWith("postgres")) {
    console.error("Run through scripts/with-postgres.sh (npm run test:scale does), which sets TEST_DATABASE_URL.");
    process.exit(1);
  }
  if (!existsSync("build/server/index.js")) {
    console.error("The site is not built yet: run `npm run build` first.");
    process.exit(1);
  }
  const proxyAvailable = ensureDebianPackage({
    program: CADDY_PROGRAM,
    packageName: "caddy",
    purpose: "the scale test puts it in front of the two instances",
  });
  if (!proxyAvailable) process.exit(1);
  const ports = portAllocator();
  const started = performance.now();
  const work = await mkdtemp(path.join(tmpdir(), "club-scale-"));
  let s3: S3rverProcess | undefined;
  let proxy: CaddyProcess | undefined;
  const sites: SiteProcess[] = [];
  try {
    s3 = await startS3rver({
      bucket: "club-scale",
      moreBuckets: [BACKUP_BUCKET],
      logFile: path.join(work, "s3rver.log"),
      port: ports.any(),
    });
    const instance = async (name: "a" | "b", port: number) => {
      const dataDir = path.join(work, name);
      await mkdir(dataDir);
      const site = await startSite(
        {
          ...s3Environment(s3 as S3rverProcess),
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          PORT: String(port),
          WORKERS: "1",
          LOG_LEVEL: "info",
          SITE_URL: "",
          // The tests stand for visitors at other addresses through X-Forwarded-For.
          TRUST_PROXY: "127.0.0.1",
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          // Both look for the day's backup as they start; one takes it (tests/scale/backup).
          BACKUP_TO: `s3://${BACKUP_BUCKET}/scheduled`,
        },
        { logFile: path.join(work, `${name}.log`), startLimitMs: 180_000 },
      );
      sites.push(site);
      return site;
    };
    // Both at once: the start lock decides which one migrates and seeds. Both are waited for
    // even when one fails, so the other is not left running.
    const starts = await Promise.allSettled([instance("a", ports.any()), instance("b", ports.any())]);
    const [a, b] = starts.map((start) => {
      if (start.status === "rejected") throw start.reason;
      return start.value;
    }) as [SiteProcess, SiteProcess];
    proxy = await startCaddy({
      port: await ports.fixed(),
      upstreams: [a.url, b.url].map((url) => new URL(url).host),
      logFile: path.join(work, "caddy.log"),
    });
    const ready = performance.now();
    console.log(
      `Instances at ${a.url} and ${b.url} behind Caddy at ${proxy.url}, bucket at ${s3.endpoint} (${seconds(ready - started)})`,
    );
    for (const name of ["a", "b"]) console.log(`  ${name}: ${startSummary(path.join(work, `${name}.log`))}`);

    const environment = {
      SCALE_PROXY_URL: proxy.url,
      SCALE_A_URL: a.url,
      SCALE_B_URL: b.url,
      SCALE_A_LOG: path.join(work, "a.log"),
      SCALE_B_LOG: path.join(work, "b.log"),
      SCALE_A_DATA_DIR: path.join(work, "a"),
      SCALE_B_DATA_DIR: path.join(work, "b"),
      SCALE_S3_LOG: path.join(work, "s3rver.log"),
      SCALE_ADMIN_EMAIL: ADMIN.email,
      SCALE_ADMIN_PASSWORD: ADMIN.password,
      SCALE_BACKUP_BUCKET: BACKUP_BUCKET,
      ...s3Environment(s3),
    };
    // First, while the content is still what the instances backed up at their start.
    await run("npx", ["vitest", "run", "--project", "scale-backup"], environment);
    await run("npx", ["vitest", "run", "--project", "scale"], environment);
    // Last: it stops PostgreSQL under the instances (and starts it again).
    await run("npx", ["vitest", "run", "--project", "scale-outage"], environment);
    console.log(
      `Scale test passed: instances ready in ${seconds(ready - started)}, ` +
        `tests ${seconds(performance.now() - ready)}, in all ${seconds(performance.now() - started)}.`,
    );
  } finally {
    await proxy?.stop();
    await Promise.all(sites.map((site) => site.stop()));
    await s3?.stop();
    await rm(work, { recursive: true, force: true });
  }
}

/** What an instance did at its start, from its log: migrated, seeded, waited for the other. */
function startSummary(log: string): string {
  const said = readFileSync(log, "utf8");
  const did = [
    ["database migrated", "migrated"],
    ["demo content added", "seeded"],
    ["another instance is starting", "waited for the other"],
  ].flatMap(([line, summary]) => (said.includes(line as string) ? [summary] : []));
  return did.length > 0 ? did.join(", ") : "found everything done";
}

await main();
