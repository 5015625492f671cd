import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CROSS_SITE_MESSAGE, refuseCrossSiteWrites } from "#server/http/cross-site.ts";

let server: Server;
let base = "";
let host = "";

beforeAll(async () => {
  const app = express();
  app.use(refuseCrossSiteWrites({ trustedOrigins: ["https://club.example.org"] }));
  app.use((_req, res) => {
    res.send("handled");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = `http://${host}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function send(method: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/admin/api/upload`, { method, headers });
  return { status: response.status, text: await response.text() };
}

describe("cross-site writes", () => {
  test("reads pass whatever their origin", async () => {
    await expect(send("GET", { "Sec-Fetch-Site": "cross-site" })).resolves.toEqual({
      status: 200,
      text: "handled",
    });
  });

  test("a browser's same-origin or typed-in request passes", async () => {
    expect((await send("POST", { "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await send("POST", { "Sec-Fetch-Site": "none" })).status).toBe(200);
  });

  test.each(["POST", "PUT", "PATCH", "DELETE"])(
    "%s from another site is refused with 403, whatever the route",
    async (method) => {
      const refused = await send(method, { "Sec-Fetch-Site": "cross-site" });
      expect(refused).toEqual({ status: 403, text: CROSS_SITE_MESSAGE });
      expect((await send(method, { "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    },
  );

  test("without Sec-Fetch-Site, the Origin must name this host", async () => {
    expect((await send("POST", { Origin: `http://${host}` })).status).toBe(200);
    expect((await send("POST", { Origin: "https://evil.example" })).status).toBe(403);
    expect((await send("POST", { Origin: "null" })).status).toBe(403);
  });

  test("a request with neither header comes from a program, not a browser, and passes", async () => {
    expect((await send("POST")).status).toBe(200);
  });

  test("the configured site address is trusted", async () => {
    expect((await send("POST", { Origin: "https://club.example.org", "Sec-Fetch-Site": "cross-site" })).status).toBe(
      200,
    );
  });
});
