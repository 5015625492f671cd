import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureDebianPackage } from "../lib/debian-package.ts";
import { runCollecting } from "../lib/processes.ts";

/**
 * Load from `wrk` (Debian's package): a C client that keeps up with nginx on this kind of
 * machine, where autocannon (Node) held nginx to some 16,000 requests/s and so flattered
 * whatever it was compared with. Latencies are wrk's own, to the microsecond.
 */
const WRK = "/usr/bin/wrk";

/** What a browser sends: both encodings, so servers answer with their compressed copy. */
export const BROWSER_HEADERS = { "Accept-Encoding": "gzip, br" };

export interface LoadResult {
  /** Answers received in the run. */
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Bytes per response, headers included: equal figures mean equal work for the network. */
  bytesPerResponse: number;
  /** Failed connections, reads, writes and timeouts, and answers of 400 and above. */
  errors: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** One address, or several taken in turn by each connection. */
  paths: string[];
  /** Appends `&n=<unique>` to each path: addresses no cache has seen (searches). */
  unique?: boolean;
  /** wrk's threads (at most `connections`); two spread the client over this machine's cores. */
  threads?: number;
  /** Request headers; a browser's by default. */
  headers?: Record<string, string>;
}

/** Says how to install wrk when it is missing (or installs it as root); false when unavailable. */
export function ensureWrk(): boolean {
  return ensureDebianPackage({ program: WRK, packageName: "wrk", purpose: "the benchmark's load generator" });
}

export async function load(base: string, options: LoadOptions): Promise<LoadResult> {
  const folder = await mkdtemp(path.join(tmpdir(), "club-bench-wrk-"));
  try {
    const script = path.join(folder, "load.lua");
    await writeFile(script, luaScript(options));
    const threads = Math.min(options.threads ?? 2, options.connections);
    const output = await runWrk([
      `--threads=${threads}`,
      `--connections=${options.connections}`,
      `--duration=${options.seconds}s`,
      // A slow uncached answer is slow, not lost: counted in the latencies, not as a timeout.
      "--timeout=30s",
      `--script=${script}`,
      `${base}${options.paths[0]}`,
    ]);
    const line = output.split("\n").find((candidate) => candidate.startsWith("{"));
    if (!line) throw new Error(`wrk printed no result:\n${output}`);
    const raw = JSON.parse(line) as Record<string, number>;
    const ms = (microseconds: number | undefined) => Math.round((microseconds ?? 0) / 10) / 100;
    const requests = raw.requests ?? 0;
    return {
      requests,
      requestsPerSecond: Math.round(requests / ((raw.durationUs ?? 1) / 1e6)),
      p50: ms(raw.p50),
      p90: ms(raw.p90),
      p99: ms(raw.p99),
      max: ms(raw.max),
      bytesPerResponse: requests > 0 ? Math.round((raw.bytes ?? 0) / requests) : 0,
      errors: (raw.errors ?? 0) + (raw.status ?? 0),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The Lua that wrk runs: the browser's headers, the paths taken in turn (a single path is sent
 * as wrk's prebuilt request, the cheapest for the client), and the result as one JSON line.
 */
function luaScript(options: LoadOptions): string {
  const headers = Object.entries(options.headers ?? BROWSER_HEADERS)
    .map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
    .join("\n");
  const rotating = options.paths.length > 1 || options.unique;
  const request = rotating
    ? `
local paths = { ${options.paths.map((entry) => JSON.stringify(entry)).join(", ")} }
local count = 0
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("id", os.time() .. "-" .. threads)
end
function request()
  count = count + 1
  local chosen = paths[(count - 1) % #paths + 1]
  ${options.unique ? 'chosen = chosen .. "&n=" .. id .. "-" .. count' : ""}
  return wrk.format("GET", chosen)
end`
    : "";
  return `${headers}
${request}
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"errors":%d,"status":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
`;
}

async function runWrk(args: string[]): Promise<string> {
  const { code, output } = await runCollecting(WRK, args);
  if (code !== 0) throw new Error(`wrk exited with ${code}:\n${output}`);
  return output;
}
