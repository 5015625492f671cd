import { connect } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type BuiltSite, serveBuiltSite } from "./support/built-site.ts";
import { engines, openTestServices } from "./support/databases.ts";

/**
 * A kept-alive connection stays usable after an answer that did not need the request's body.
 * Clients (browsers, Node's fetch) send the next request on the same connection once they have
 * written the body, and a server that leaves the rest of that body unread never reads the next
 * request either: the client waits for the keep-alive timeout and sees a reset.
 */
let site: BuiltSite;
let close: () => Promise<void>;

beforeAll(async () => {
  // The connection handling is the server frame's; it does not differ between engines.
  const opened = await openTestServices(engines[0] ?? "sqlite");
  close = opened.close;
  site = await serveBuiltSite(opened.services);
}, 120_000);

afterAll(async () => {
  await site?.close();
  await close?.();
});

/**
 * Sends `head` and the start of `body` on one connection; once the first answer has come, the
 * rest of the body and `next`. Resolves with the status of every answer the connection carried
 * before it closed.
 */
function statusesOnOneConnection(head: string, body: string, next: string): Promise<number[]> {
  const { hostname, port } = new URL(site.base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = "";
    let restSent = false;
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (!restSent && received.includes("\r\n\r\n")) {
        restSent = true;
        socket.write(body.slice(1000) + next);
      }
    });
    socket.on("error", reject);
    socket.on("close", () => resolve([...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => Number(match[1]))));
    socket.write(head + body.slice(0, 1000));
  });
}

test("a body refused from its declared length does not hold up the next request on the connection", async () => {
  const { host } = new URL(site.base);
  const body = "x".repeat(100_000);
  const head =
    `POST /api/page-views HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${body.length}\r\nUser-Agent: Mozilla/5.0\r\n\r\n`;
  const next = `GET /livez HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
  expect(await statusesOnOneConnection(head, body, next)).toEqual([413, 200]);
});

test("so does a form refused before its body was read", async () => {
  const { host } = new URL(site.base);
  const body = `title=${"x".repeat(100_000)}`;
  // Not signed in: the admin area refuses the write without reading the form.
  const head =
    `POST /admin/api/articles HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${site.base}\r\n` +
    `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`;
  const next = `GET /livez HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
  const statuses = await statusesOnOneConnection(head, body, next);
  expect(statuses).toHaveLength(2);
  expect(statuses[0]).toBeGreaterThanOrEqual(300);
  expect(statuses[1]).toBe(200);
});
