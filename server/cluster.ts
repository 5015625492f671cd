import cluster, { type Worker } from "node:cluster";
import { relayClusterInvalidations } from "./http/page-cache/cluster-invalidation.ts";
import type { Logger } from "./logger.ts";

/** A worker that keeps dying this often is not restarted again: the primary gives up. */
const CRASH_WINDOW_MS = 60_000;
const MAX_CRASHES_IN_WINDOW = 5;

/**
 * Runs `count` workers of this same entry script, each serving the shared port. A worker that
 * dies is replaced (unless they keep dying); SIGTERM or SIGINT stops them all gracefully, and
 * the primary exits 0 once they have.
 */
export async function startWorkers(options: {
  count: number;
  logger: Logger;
  shutdownGraceMs: number;
  onListening: (port: number) => void;
  onStopped: () => Promise<void>;
}): Promise<void> {
  const { logger } = options;
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...workerHeapFlags()] });
  relayClusterInvalidations();
  let stopping = false;
  let announced = false;
  const listening = new Set<number>();
  const crashes: number[] = [];

  const fork = () => {
    // glibc gives every thread that allocates an arena of its own; zlib's work in the thread pool
    // then leaves tens of megabytes spread over them. Two arenas keep that small.
    const worker = cluster.fork({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" });
    worker.on("message", (message: unknown) => {
      if (!isListening(message)) return;
      listening.add(worker.id);
      if (!announced && listening.size >= options.count) {
        announced = true;
        options.onListening(message.port);
      }
    });
    return worker;
  };

  cluster.on("exit", (worker: Worker, code, signal) => {
    listening.delete(worker.id);
    if (stopping) return;
    logger.error({ worker: worker.id, code, signal }, "a server worker stopped; starting another");
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && (crashes[0] as number) < now - CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length > MAX_CRASHES_IN_WINDOW) {
      logger.fatal("server workers keep stopping; giving up");
      process.exit(1);
    }
    fork();
  });

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const exited = workers.map((worker) => new Promise<void>((resolve) => worker.once("exit", () => resolve())));
    for (const worker of workers) worker.process.kill("SIGTERM");
    const forced = setTimeout(() => {
      for (const worker of workers) worker.process.kill("SIGKILL");
    }, options.shutdownGraceMs + 2000);
    forced.unref();
    await Promise.all(exited);
    clearTimeout(forced);
    await options.onStopped();
    logger.info("stopped");
    process.exit(0);
  };
  // Kept for every signal: a second Ctrl+C must not kill the primary before its workers are done.
  process.on("SIGTERM", (signal) => void stop(signal));
  process.on("SIGINT", (signal) => void stop(signal));

  for (let index = 0; index < options.count; index++) fork();
}

/**
 * V8 sizes its heap for the machine's memory and collects garbage lazily: on a large machine a
 * worker grew past 400 MB under load while holding some 45 MB of live objects. A small young
 * generation and an old generation of at most 128 MB keep each worker under 200 MB. Flags given
 * in NODE_OPTIONS or on the command line win.
 */
function workerHeapFlags(): string[] {
  const given = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`;
  const flags: string[] = [];
  if (!given.includes("--max-semi-space-size")) flags.push("--max-semi-space-size=4");
  if (!given.includes("--max-old-space-size")) flags.push("--max-old-space-size=128");
  return flags;
}

function isListening(message: unknown): message is { kind: "listening"; port: number } {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { kind?: unknown }).kind === "listening" &&
    typeof (message as { port?: unknown }).port === "number"
  );
}
