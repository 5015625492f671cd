import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, readdirSync, readFileSync } from "node:fs";

/** Starting and watching the site's server from the scripts (the benchmark, the crash test). */

export interface SiteProcess {
  url: string;
  process: ChildProcess;
  /** SIGTERM to the primary, which stops its workers gracefully; resolves when it has exited. */
  stop(): Promise<void>;
  /** SIGKILL to every process of the site at once, as a power cut would (needs `ownGroup`). */
  kill(): Promise<void>;
}

/**
 * Starts `node server/main.ts` with `env` and resolves once it says where it runs. With
 * `ownGroup` the site runs in a process group of its own, so `kill` reaches its workers too;
 * with `logFile` its output (the JSON log lines) is also kept in that file.
 */
export async function startSite(
  env: NodeJS.ProcessEnv,
  options: { ownGroup?: boolean; logFile?: string; startLimitMs?: number } = {},
): Promise<SiteProcess> {
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
    detached: options.ownGroup ?? false,
  });
  if (options.logFile) child.stdout?.pipe(createWriteStream(options.logFile));
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    // A site that neither starts nor exits (with `startLimitMs`) is stopped, not left running.
    const timer = options.startLimitMs
      ? setTimeout(() => {
          child.kill("SIGTERM");
          reject(new Error(`the site did not start within ${options.startLimitMs} ms:\n${output}`));
        }, options.startLimitMs)
      : undefined;
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running at (http:\/\/\S+)/);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off("data", read);
      resolve(match[1].replace("localhost", "127.0.0.1"));
    };
    child.stdout?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the site exited with ${code}:\n${output}`));
    });
  });
  const signal = (send: () => void) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      send();
    });
  return {
    url,
    process: child,
    stop: () => signal(() => child.kill("SIGTERM")),
    kill: () => signal(() => process.kill(-(child.pid as number), "SIGKILL")),
  };
}

/** Runs a command to its end; rejects when it fails. */
/** What a command run to its end printed: each stream apart, and both as they came. */
export interface CollectedRun {
  code: number | null;
  stdout: string;
  stderr: string;
  output: string;
}

/**
 * Runs `command` to its end with its output kept (nothing is shown), `input` written to its
 * standard input; `env` adds to this process's environment.
 */
export function runCollecting(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<CollectedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...options.env }, stdio: ["pipe", "pipe", "pipe"] });
    const collected = { stdout: "", stderr: "", output: "" };
    for (const stream of ["stdout", "stderr"] as const) {
      child[stream].on("data", (chunk: Buffer) => {
        collected[stream] += chunk.toString();
        collected.output += chunk.toString();
      });
    }
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, ...collected }));
    child.stdin.end(options.input ?? "");
  });
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: "inherit" });
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

/** A process and its children (the site's workers, nginx's), read from /proc. */
function processTree(rootPid: number): number[] {
  const pids = [rootPid];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === rootPid) pids.push(Number(entry));
  }
  return pids;
}

/** The fields of /proc/<pid>/stat after the command name (state is [0], the parent [1]). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined; // The process ended while being read.
  }
}

/** Resident memory (bytes) of a process and of each of its children. */
function residentSizes(rootPid: number): Map<number, number> {
  const sizes = new Map<number, number>();
  for (const pid of processTree(rootPid)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const kilobytes = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      sizes.set(pid, kilobytes * 1024);
    } catch {
      // Gone.
    }
  }
  return sizes;
}

/** Clock ticks per second of /proc's CPU times (100 on Linux everywhere in practice). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user and system) a process and its children have used so far. On a shared
 * machine this says what a run cost the server, whatever else took the cores meanwhile.
 */
export function cpuSeconds(rootPid: number): number {
  let ticks = 0;
  for (const pid of processTree(rootPid)) {
    const fields = statFields(pid);
    // utime and stime are fields 14 and 15 of stat, [11] and [12] here.
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/** Samples the memory of a process tree until stopped; reports each process's peak. */
export function watchMemory(rootPid: number) {
  const peaks = new Map<number, number>();
  const sample = () => {
    for (const [pid, size] of residentSizes(rootPid)) {
      peaks.set(pid, Math.max(peaks.get(pid) ?? 0, size));
    }
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    stop(): { pid: number; peakBytes: number }[] {
      clearInterval(timer);
      sample();
      return [...peaks].map(([pid, peakBytes]) => ({ pid, peakBytes }));
    },
  };
}
