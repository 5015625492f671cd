import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserServer, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { seedDemoTemplate } from "../../integration/support/demo-template.ts";
import { type DemoTemplates, newTestDatabase } from "../../integration/support/test-databases.ts";
import { chromiumOptions } from "./browser.ts";
import { parallelFiles } from "./parallel.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The servers the test files run against, one per file slot (JSON of TestServer[]). */
    servers: string;
    adminEmail: string;
    adminPassword: string;
    /** The run's one browser, which every test file connects to. */
    browserEndpoint: string;
  }
}

/** A server of the run: its address, its data folder and a signed-in manager's cookies. */
export interface TestServer {
  baseURL: string;
  dataDir: string;
  /** Its PostgreSQL database, or "" when it runs on SQLite (in its data folder). */
  databaseUrl: string;
  /** The cookies of a session of the manager, signed in once for the whole run. */
  adminCookies: string;
}

/** The manager the server creates at its first start, for the browser tests to sign in. */
const account = { email: "e2e-admin@club.test", password: "e2e-admin-password" };

/**
 * Starts the production server (the built app, `server/main.ts`) on a free loopback port, as
 * `npm start` runs it, once per file slot (parallel.ts), and stops them with SIGTERM afterwards.
 * Each starts on a copy of the demo club seeded once for the run: seeding draws every picture,
 * seconds of work per server that would only be repeated. A first start on an empty data folder,
 * seeding included, is what deploy.test.ts starts from.
 */
export default async function setup(project: TestProject) {
  const browser = await chromium.launchServer(chromiumOptions);
  // On PostgreSQL (E2E_DATABASE_URL set) each server gets a database of its own on that server.
  const engine = process.env.E2E_DATABASE_URL ? "postgres" : "sqlite";
  const root = await mkdtemp(path.join(tmpdir(), "club-e2e-demo-"));
  const demo = await seedDemoTemplate(engine, root);
  const started = await Promise.all(
    Array.from({ length: parallelFiles }, async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), "club-e2e-"));
      const database = await newTestDatabase(engine, dataDir, demo.template);
      const databaseUrl = engine === "postgres" ? database.databaseUrl : "";
      const server = await startServer({ dataDir, databaseUrl, account });
      return { dataDir, databaseUrl, server, dropDatabase: () => database.drop() };
    }),
  );
  const servers: TestServer[] = [];
  for (const { dataDir, databaseUrl, server } of started) {
    const adminCookies = JSON.stringify(await signInOnce(browser, server.baseURL));
    servers.push({ baseURL: server.baseURL, dataDir, databaseUrl, adminCookies });
  }
  project.provide("servers", JSON.stringify(servers));
  project.provide("adminEmail", account.email);
  project.provide("adminPassword", account.password);
  project.provide("browserEndpoint", browser.wsEndpoint());
  // A file that starts a server of its own starts it on a copy too (openTestServices with `demo`).
  project.provide("demoTemplates", JSON.stringify({ [engine]: demo.template } satisfies DemoTemplates));

  return async () => {
    await browser.close();
    for (const { dataDir, server, dropDatabase } of started) {
      await server.stop();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    }
    await demo.drop();
    await rm(root, { recursive: true, force: true });
  };
}

/**
 * Signs the manager in through the sign-in form once, and keeps the session's cookies:
 * the tests of admin pages start signed in with them, and only the tests of signing in sign in.
 */
async function signInOnce(server: BrowserServer, baseURL: string) {
  const browser = await chromium.connect(server.wsEndpoint());
  try {
    const page = await browser.newPage({ baseURL });
    await page.goto("/admin/login");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("이메일").fill(account.email);
    await page.getByLabel("비밀번호").fill(account.password);
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await page.waitForURL("**/admin");
    return await page.context().cookies();
  } finally {
    await browser.close();
  }
}

/** A production server of its own (also for tests that must not share the main one). */
export async function startServer(options: {
  dataDir: string;
  databaseUrl: string;
  account: { email: string; password: string };
  /** A given port (a restart at the same address); a free one otherwise. */
  port?: number;
  /** More environment, for example BUILD_DIR. */
  env?: NodeJS.ProcessEnv;
}): Promise<{ baseURL: string; stop(): Promise<void> }> {
  const port = options.port ?? (await freePort());
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
      // One process per server: two files run at once, each against a server of its own, and a
      // second worker would only warm up and cache every page twice. Several workers sharing a
      // database are tested by the crash and scale tests.
      WORKERS: "1",
      // The tests' browsers all come from 127.0.0.1; trusting it as a proxy lets a test name
      // the client address it stands for (X-Forwarded-For), as visitors behind a proxy are seen.
      TRUST_PROXY: "127.0.0.1",
      ADMIN_EMAIL: options.account.email,
      ADMIN_PASSWORD: options.account.password,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const baseURL = await waitForStartLine(server);
  return {
    baseURL,
    async stop() {
      if (server.exitCode !== null || server.signalCode !== null) return;
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
    const timer = setTimeout(() => {
      // A server still seeding would otherwise keep running (and loading the machine) unowned.
      server.kill("SIGTERM");
      reject(new Error(`Server did not start:\n${output}`));
    }, 120_000);
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

export function freePort(): Promise<number> {
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
