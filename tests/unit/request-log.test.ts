import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterEach, describe, expect, test } from "vitest";
import { requestLogger, requestLogLevel } from "#server/http/request-log.ts";

/**
 * Requests are logged at a level that says whether anyone needs to read them, so the default
 * `info` log of a first start keeps its one-time password in view instead of a line per asset.
 */
describe("the level of a request's log line", () => {
  test("an answer given as asked is debug, whatever it was", () => {
    expect(requestLogLevel(200, 5, false)).toBe("debug");
    expect(requestLogLevel(304, 5, false)).toBe("debug");
    expect(requestLogLevel(303, 5, false)).toBe("debug");
  });

  test("a client's mistake is info, an outage's 503 a warning, a server error an error", () => {
    expect(requestLogLevel(404, 5, false)).toBe("info");
    expect(requestLogLevel(503, 5, false)).toBe("warn");
    expect(requestLogLevel(500, 5, false)).toBe("error");
    expect(requestLogLevel(200, 5, true)).toBe("error");
  });

  test("a slow request is a warning, however it was answered", () => {
    expect(requestLogLevel(200, 1000, false)).toBe("warn");
    expect(requestLogLevel(200, 999, false)).toBe("debug");
    expect(requestLogLevel(200, 20, false, 10)).toBe("warn");
    expect(requestLogLevel(500, 5000, false)).toBe("error");
  });
});

interface Line {
  level: number;
  req?: { url: string };
  res?: { statusCode: number };
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** An app whose every request is logged into `lines`. */
async function serve(options: { slowMs?: number } = {}) {
  const lines: Line[] = [];
  const waiting = new Map<string, (line: Line) => void>();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = JSON.parse(chunk.toString()) as Line;
      lines.push(line);
      if (line.req) waiting.get(line.req.url)?.(line);
      done();
    },
  });
  const app = express();
  app.use(requestLogger(pino({ level: "trace" }, sink), options));
  app.get("/page", (_req, res) => void res.send("page"));
  app.get("/broken", (_req, res) => void res.status(500).send("broken"));
  app.get(["/healthz", "/livez", "/readyz"], (_req, res) => void res.send("ok"));
  app.use((_req, res) => void res.status(404).send("missing"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server?.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Requests `url` and resolves with its log line, found by the address it is logged with. */
  const logged = async (url: string, loggedAs = url) => {
    const line = new Promise<Line>((resolve) => waiting.set(loggedAs, resolve));
    await (await fetch(`${base}${url}`)).text();
    return line;
  };
  return { lines, logged, base };
}

describe("the request logger", () => {
  test("logs a page at debug, a missing one at info and a failure at error", async () => {
    const { logged } = await serve();
    expect(await logged("/page")).toMatchObject({ level: pino.levels.values.debug, res: { statusCode: 200 } });
    expect(await logged("/nowhere")).toMatchObject({ level: pino.levels.values.info, res: { statusCode: 404 } });
    expect(await logged("/broken")).toMatchObject({ level: pino.levels.values.error, res: { statusCode: 500 } });
  });

  test("logs a request slower than its bound as a warning", async () => {
    const { logged } = await serve({ slowMs: 0 });
    expect(await logged("/page")).toMatchObject({ level: pino.levels.values.warn, res: { statusCode: 200 } });
  });

  test("leaves out the probes and a one-time link's token", async () => {
    const { lines, logged, base } = await serve();
    for (const probe of ["/healthz", "/livez", "/readyz"]) await (await fetch(`${base}${probe}`)).text();
    const token = "a".repeat(43);
    await logged(`/admin/invite/${token}?next=1`, "/admin/invite/…?next=1");
    await logged("/page");
    expect(lines.map((line) => line.req?.url)).toEqual(["/admin/invite/…?next=1", "/page"]);
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});
