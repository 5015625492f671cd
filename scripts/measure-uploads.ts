// Compares serving an uploaded file from disk through the site's storage handler with Express's
// static middleware (what served /uploads before decision 0031), on the same file, in this one
// process: `npx node scripts/measure-uploads.ts [--requests 20000] [--kib 200] [--rounds 3]`.
// Both servers and the load generator share this process, so the figure that compares well on a
// busy machine is the CPU time per request (the generator's share is the same for both); the
// rate is shown too. Rounds alternate between the two, and each line is the median round.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import express from "express";
import { serveStoredFiles } from "#server/http/stored-files.ts";
import { createLogger } from "#server/logger.ts";
import { LocalDiskStorage } from "#server/storage/local-disk.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "20000" },
    kib: { type: "string", default: "200" },
    rounds: { type: "string", default: "3" },
  },
});
const amount = Math.max(1000, Number(values.requests) || 20_000);
const size = Math.max(1, Number(values.kib) || 200) * 1024;
const rounds = Math.max(1, Number(values.rounds) || 3);

async function listen(app: express.Express): Promise<{ url: string; server: Server }> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Round {
  cpuMicros: number;
  perSecond: number;
}

async function round(url: string, headers: Record<string, string>): Promise<Round> {
  const cpu = process.cpuUsage();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: 64, amount, headers }, (error, answer) => (error ? reject(error) : resolve(answer)));
  });
  const used = process.cpuUsage(cpu);
  if (result.errors + result.non2xx > 0) throw new Error(`${url}: ${result.errors + result.non2xx} failed requests`);
  return { cpuMicros: (used.user + used.system) / amount, perSecond: result.requests.average };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function compare(label: string, urls: [string, string], headers: Record<string, string> = {}) {
  const results: [Round[], Round[]] = [[], []];
  for (let index = 0; index < rounds; index += 1) {
    // Alternating which goes first evens out warming up and the machine's other work.
    const order = index % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) results[which as 0 | 1].push(await round(urls[which as 0 | 1], headers));
  }
  for (const [which, name] of [
    [0, "storage handler"],
    [1, "express.static"],
  ] as const) {
    const cpu = median(results[which].map((r) => r.cpuMicros));
    const rate = median(results[which].map((r) => r.perSecond));
    console.log(
      `${`${name}, ${label}`.padEnd(36)} ${cpu.toFixed(0).padStart(5)} µs CPU/request ${Math.round(rate).toString().padStart(7)} requests/s`,
    );
  }
}

const root = await mkdtemp(path.join(tmpdir(), "club-measure-uploads-"));
try {
  const storage = new LocalDiskStorage(path.join(root, "uploads"));
  const key = "media/measure/picture.webp";
  await storage.put(key, randomBytes(size));

  const handler = express().use("/uploads", serveStoredFiles(storage, createLogger("silent")));
  const staticFiles = express().use(
    "/uploads",
    express.static(storage.root, { immutable: true, maxAge: 31_536_000_000, index: false, redirect: false }),
  );
  const ours = await listen(handler);
  const theirs = await listen(staticFiles);
  console.log(`A ${size / 1024} KiB file, ${amount} requests over 64 connections, median of ${rounds} rounds:`);
  const urls: [string, string] = [`${ours.url}/uploads/${key}`, `${theirs.url}/uploads/${key}`];
  await compare("whole file", urls);
  await compare("first 4 KiB", urls, { range: "bytes=0-4095" });
  ours.server.close();
  theirs.server.close();
} finally {
  await rm(root, { recursive: true, force: true });
}
