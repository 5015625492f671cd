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
    adminEmail: string;
    adminPassword: string;
  }
}

/** The administrator the server creates at its first start, for the browser tests to sign in. */
const administrator = { email: "e2e-admin@club.test", password: "e2e-admin-password" };

/**
 * Starts the production server (the built app, `server/main.ts`) on a free loopback port with
 * an empty data folder, exactly as `npm start` runs it, and stops it with SIGTERM afterwards.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "club-e2e-"));
  const server = await startServer({
    dataDir,
    databaseUrl: process.env.E2E_DATABASE_URL ?? "",
    administrator,
  });
  project.provide("baseURL", server.baseURL);
  project.provide("dataDir", dataDir);
  project.provide("adminEmail", administrator.email);
  project.provide("adminPassword", administrator.password);

  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** A production server of its own (also for tests that must not share the main one). */
export async function startServer(options: {
  dataDir: string;
  databaseUrl: string;
  administrator: { email: string; password: string };
}): Promise<{ baseURL: string; stop(): Promise<void> }> {
  const port = await freePort();
  const server = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: options.dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: options.databaseUrl,
      SITE_URL: "",
      ADMIN_EMAIL: options.administrator.email,
      ADMIN_PASSWORD: options.administrator.password,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const baseURL = await waitForStartLine(server);
  return {
    baseURL,
    async stop() {
      const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      const code = await exited;
      if (code !== 0) throw new Error(`The server exited with code ${code} on SIGTERM`);
    },
  };
}

function waitForStartLine(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 120_000);
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
