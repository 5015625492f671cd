import { spawn } from "node:child_process";
import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createServer, type OutgoingHttpHeaders } from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ServedCopy, serverChild } from "./served-copy.ts";

/**
 * The ceiling for the page cache: Node's own `http` module answering every request with one
 * buffer and its headers, nothing looked up, as many processes as the site runs. Whatever the
 * site does on a cache hit comes on top of this. Run as a child of the benchmark:
 * `node scripts/bench/bare-node.ts <copies.json> <port>`.
 */
interface StoredCopy {
  path: string;
  body: string;
  headers: [string, string][];
}

export async function startBareNode(folder: string, port: number, copies: ServedCopy[]) {
  const file = path.join(folder, "bare-node-copies.json");
  const stored: StoredCopy[] = copies.map((copy) => ({ ...copy, body: copy.body.toString("base64") }));
  await writeFile(file, JSON.stringify(stored));
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), file, String(port)], { stdio: "inherit" });
  return serverChild(child, port, "bare Node", "SIGTERM");
}

function serve(file: string, port: number): void {
  const pages = new Map<string, { body: Buffer; headers: OutgoingHttpHeaders }>();
  for (const copy of JSON.parse(readFileSync(file, "utf8")) as StoredCopy[]) {
    const body = Buffer.from(copy.body, "base64");
    const headers: OutgoingHttpHeaders = Object.fromEntries(copy.headers);
    headers["content-length"] = String(body.length);
    pages.set(copy.path, { body, headers });
  }
  createServer((req, res) => {
    const page = pages.get(req.url ?? "");
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, page.headers);
    res.end(page.body);
  }).listen(port, "127.0.0.1");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, port] = process.argv.slice(2);
  if (cluster.isPrimary) {
    for (let index = 0; index < availableParallelism(); index++) cluster.fork();
    process.on("SIGTERM", () => {
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
      let left = workers.length;
      for (const worker of workers) {
        worker.once("exit", () => --left === 0 && process.exit(0));
        worker.process.kill("SIGTERM");
      }
    });
  } else {
    process.on("SIGTERM", () => process.exit(0));
    serve(file as string, Number(port));
  }
}
