import { mkdtemp, rm } from "node:fs/promises";
import { Agent, request as httpRequest, type IncomingMessage } from "node:http";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSite } from "../../scripts/lib/processes.ts";
import { demoTemplateOf, engines } from "./support/databases.ts";
import { newTestDatabase } from "./support/test-databases.ts";

/**
 * What a deploy or `docker stop` does to a running site (the built one: `npm run build` first):
 * SIGTERM stops it taking connections, closes connections kept alive, lets a request still on
 * its way finish with its proper answer, and the process exits 0. Run with one process and with
 * a primary and its workers.
 */
const ADMIN = { email: "shutdown@club.test", password: "shutdown-password" };
let dataDir = "";

// The site starts on a copy of the demo club seeded for the run: seeding is not what this tests.
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "club-shutdown-"));
  if (engines.includes("sqlite")) await newTestDatabase("sqlite", dataDir, demoTemplateOf("sqlite"));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Whether a new connection to the port is refused now. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/** A connection that has had one answer and is kept alive, idle; `closed` turns true when the server ends it. */
async function keptAliveConnection(port: number): Promise<{ socket: Socket; closed: () => boolean }> {
  const socket = connect(port, "127.0.0.1");
  let closed = false;
  socket.once("close", () => {
    closed = true;
  });
  socket.on("error", () => undefined);
  await new Promise<void>((resolve) => {
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString();
      if (/\r\n\r\n[\s\S]*\}/.test(received)) resolve();
    });
    socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
  });
  return { socket, closed: () => closed };
}

/**
 * A sign-in whose form is sent in two halves: `accepted` resolves once the server has read the
 * request's head (it answered 100 Continue) and the first half is sent; `finish` sends the rest
 * and resolves with the answer.
 */
function slowSignIn(base: string, agent: Agent) {
  const body = new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" }).toString();
  const half = Math.floor(body.length / 2);
  const request = httpRequest(`${base}/admin/login`, {
    method: "POST",
    // A client that would keep the connection for more requests.
    agent,
    headers: {
      origin: base,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
      expect: "100-continue",
    },
  });
  const answer = new Promise<IncomingMessage>((resolve, reject) => {
    request.once("response", (response) => {
      response.resume();
      response.once("end", () => resolve(response));
    });
    request.once("error", reject);
  });
  const accepted = new Promise<void>((resolve) => {
    request.once("continue", () => request.write(body.slice(0, half), () => resolve()));
  });
  request.flushHeaders();
  return {
    accepted,
    finish: () => {
      request.end(body.slice(half));
      return answer;
    },
  };
}

// The server runs on SQLite here whatever the engine pass: once, in the SQLite one.
describe.skipIf(!engines.includes("sqlite")).each([1, 2])("SIGTERM with WORKERS=%i", (workers) => {
  test("refuses new connections, closes idle ones, finishes the request in flight and exits 0", async () => {
    const site = await startSite({
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SITE_URL: "",
      PORT: "0",
      WORKERS: String(workers),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      const port = Number(new URL(site.url).port);
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        site.process.once("exit", (code, signal) => resolve({ code, signal })),
      );
      const idle = await keptAliveConnection(port);
      const agent = new Agent({ keepAlive: true });
      const signIn = slowSignIn(site.url, agent);
      await signIn.accepted;

      site.process.kill("SIGTERM");

      await expect.poll(() => refused(port), { timeout: 10_000, interval: 50 }).toBe(true);
      await expect.poll(() => idle.closed(), { timeout: 5000, interval: 50 }).toBe(true);

      const answer = await signIn.finish();
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe("/admin");
      expect(answer.headers["set-cookie"]?.join(";")).toMatch(/=/);
      // The connection it came on is not kept for another request.
      expect(answer.headers.connection).toBe("close");
      agent.destroy();

      expect(await exited).toEqual({ code: 0, signal: null });
    } finally {
      await site.stop();
    }
  }, 120_000);
});
