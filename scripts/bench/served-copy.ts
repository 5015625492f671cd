import type { ChildProcess } from "node:child_process";
import { request } from "node:http";
import { createConnection } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { BROWSER_HEADERS } from "./wrk.ts";

/**
 * A page exactly as the site answers a browser for it: the encoded body and every header but
 * those that describe one connection or one moment. nginx and bare Node serve these copies, so
 * the three servers send the same bytes.
 */
export interface ServedCopy {
  /** The path the copy is served at, e.g. "/" or "/community/media". */
  path: string;
  body: Buffer;
  /** Lower-case names, in the order the site sent them. */
  headers: [string, string][];
}

const PER_CONNECTION = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

/** Fetches `pagePath` from the site twice (the second answer is the cached one) and keeps it. */
export async function copyOf(base: string, pagePath: string): Promise<ServedCopy> {
  await fetchRaw(base, pagePath);
  return fetchRaw(base, pagePath);
}

function fetchRaw(base: string, pagePath: string): Promise<ServedCopy> {
  return new Promise((resolve, reject) => {
    request(`${base}${pagePath}`, { headers: BROWSER_HEADERS }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        if (response.statusCode !== 200) return reject(new Error(`${pagePath} answered ${response.statusCode}`));
        const headers: [string, string][] = [];
        const raw = response.rawHeaders;
        for (let index = 0; index < raw.length; index += 2) {
          const name = (raw[index] as string).toLowerCase();
          if (!PER_CONNECTION.has(name)) headers.push([name, raw[index + 1] as string]);
        }
        resolve({ path: pagePath, body: Buffer.concat(chunks), headers });
      });
    })
      .once("error", reject)
      .end();
  });
}

export function headerOf(copy: ServedCopy, name: string): string | undefined {
  return copy.headers.find(([key]) => key === name)?.[1];
}

/** A yardstick server started as a child on a loopback port, and how to stop it. */
export interface ServerChild {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Waits until `child` accepts connections on `port`; `stopSignal` is the one that ends it gracefully. */
export async function serverChild(
  child: ChildProcess,
  port: number,
  what: string,
  stopSignal: NodeJS.Signals,
): Promise<ServerChild> {
  await waitForPort(port, what);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill(stopSignal);
      }),
  };
}

/** Waits until something accepts connections on the port (a server started as a child). */
async function waitForPort(port: number, what: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: "127.0.0.1" }, () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await delay(50); // polling for the port to open
  }
  throw new Error(`${what} did not start on port ${port}`);
}
