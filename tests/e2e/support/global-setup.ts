import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/**
 * Starts the production server (the built app, `server/main.ts`) on a free loopback port with
 * an empty data folder, exactly as `npm start` runs it, and stops it with SIGTERM afterwards.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "club-e2e-"));
  const port = await freePort();
  const server = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      SITE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const baseURL = await waitForStartLine(server);
  project.provide("baseURL", baseURL);
  project.provide("dataDir", dataDir);

  return async () => {
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    const code = await exited;
    await rm(dataDir, { recursive: true, force: true });
    if (code !== 0) throw new Error(`The server exited with code ${code} on SIGTERM`);
  };
}

function waitForStartLine(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 30_000);
    server.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/running at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    server.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with code ${code} before starting:\n${output}`));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
