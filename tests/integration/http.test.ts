import { rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { writeWithFiles } from "#server/domain/files/files.ts";
import { createHttpApp } from "#server/http/app.ts";
import { describeEachDatabase, openTestServices } from "./support/databases.ts";

describeEachDatabase("HTTP server", (services) => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    const app = createHttpApp({
      services: services(),
      // The page renderer is exercised end to end in the browser tests; here only the frame.
      pageHandler: (_req, res) => {
        res.type("html").send(`<p>${"page ".repeat(400)}</p>`);
      },
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("/readyz (and /healthz, its older name) answers 200 while the database and the file storage answer", async () => {
    for (const probe of ["/readyz", "/healthz"]) {
      const response = await fetch(`${base}${probe}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      await expect(response.json()).resolves.toMatchObject({
        status: "ok",
        database: "ok",
        storage: "ok",
        revision: expect.any(Number),
      });
    }
  });

  test("/livez answers 200 without asking the database or the storage", async () => {
    const response = await fetch(`${base}/livez`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    await expect(response.json()).resolves.toEqual({ status: "ok" });
  });

  test("responses carry the baseline security headers and a nonce policy", async () => {
    const response = await fetch(`${base}/`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  test("pages are compressed for clients that accept it", async () => {
    const response = await fetch(`${base}/`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  test("uploaded files are served with a long public cache lifetime", async () => {
    const { db, storage } = services();
    const stored = await writeWithFiles(db, storage, (_trx, files) =>
      files.store({
        folder: "http",
        extension: "txt",
        contentType: "text/plain",
        body: Buffer.from("hi"),
      }),
    );
    const response = await fetch(`${base}${stored.url}`);
    expect(response.status).toBe(200);
    await expect(response.text()).resolves.toBe("hi");
    const cacheControl = response.headers.get("cache-control") ?? "";
    expect(cacheControl).toContain("public");
    expect(Number(cacheControl.match(/max-age=(\d+)/)?.[1])).toBeGreaterThanOrEqual(604800);
    expect(cacheControl).toContain("immutable");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    // Only a PDF is sandboxed: pictures keep the site's policy.
    expect(response.headers.get("content-security-policy")).not.toMatch(/sandbox/);
  });

  test("an uploaded PDF is served sandboxed, so nothing in it can act as the site", async () => {
    const { db, storage } = services();
    const stored = await writeWithFiles(db, storage, (_trx, files) =>
      files.store({
        folder: "http",
        extension: "pdf",
        contentType: "application/pdf",
        body: Buffer.from("%PDF-1.7\n"),
      }),
    );
    const response = await fetch(`${base}${stored.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
  });

  test("paths outside the uploads folder are not reachable", async () => {
    for (const attempt of ["/uploads/../club.db", "/uploads/%2e%2e/club.db", "/uploads/.partial-x"]) {
      // Whatever answers (a 404, or the page renderer after URL normalisation), never the file.
      const response = await fetch(`${base}${attempt}`);
      expect(await response.text()).not.toContain("SQLite format");
    }
  });
});

test("/readyz and /healthz answer 503 when the database does not answer; /livez still 200", async () => {
  const { services, close } = await openTestServices("sqlite");
  const app = createHttpApp({ services, pageHandler: (_req, res) => void res.end() });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  await services.db.destroy();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const probe of ["/readyz", "/healthz"]) {
    const response = await fetch(`${base}${probe}`);
    expect(response.status).toBe(503);
    await expect(response.json()).resolves.toMatchObject({ database: "failed", storage: "ok" });
  }
  // The process can still answer (cached pages, the 503 page): a proxy keeps sending it requests.
  expect((await fetch(`${base}/livez`)).status).toBe(200);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await close().catch(() => undefined);
});

test("/healthz answers 503 naming the storage while the uploads folder cannot be written", async () => {
  const { services, close } = await openTestServices("sqlite");
  const app = createHttpApp({ services, pageHandler: (_req, res) => void res.end() });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const health = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
  try {
    // A file where the folder should be: nothing can be stored or read there, even by root.
    await rm(services.config.uploadsDir, { recursive: true, force: true });
    await writeFile(services.config.uploadsDir, "not a folder");
    const response = await fetch(health);
    expect(response.status).toBe(503);
    await expect(response.json()).resolves.toMatchObject({ status: "unavailable", database: "ok", storage: "failed" });

    // Once the folder can be made again, the same process is healthy again.
    await rm(services.config.uploadsDir);
    const again = await fetch(health);
    expect(again.status).toBe(200);
    await expect(again.json()).resolves.toMatchObject({ database: "ok", storage: "ok" });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await close();
  }
});

test("a malformed Host header is answered 400, never 500", async () => {
  const { services, close } = await openTestServices("sqlite");
  const app = createHttpApp({ services, pageHandler: (_req, res) => void res.end("page") });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    for (const host of ["a b", "[::1", "evil:99999", "x:0", "a/b"]) {
      const status = await new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          { host: "127.0.0.1", port, path: "/", headers: { host }, setHost: false },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.once("error", reject);
        request.end();
      });
      expect(status, host).toBe(400);
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await close();
  }
});

test("TRUST_PROXY as a hop count believes only the proxy's entry of X-Forwarded-For", async () => {
  const { services, close } = await openTestServices("sqlite");
  const app = createHttpApp({
    services: { ...services, config: { ...services.config, trustProxy: 1 } },
    pageHandler: (req, res) => void res.type("text/plain").send(req.ip ?? ""),
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The client claims 6.6.6.6; the one proxy in front appended the address it saw.
    const response = await fetch(`${base}/whoami`, {
      headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.7" },
    });
    await expect(response.text()).resolves.toBe("203.0.113.7");
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await close();
  }
});
