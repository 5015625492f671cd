import { createHash, randomBytes } from "node:crypto";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type CachedPage, identityBody } from "#server/http/page-cache/cached-page.ts";
import { PageCache } from "#server/http/page-cache/page-cache.ts";
import { sendCachedPage } from "#server/http/page-cache/send-cached-page.ts";
import { nextSeoulMidnight } from "#shared/dates.ts";

const NONCE = "bm9uY2Utb2YtdGhlLXRlc3Q=";
const script = 'window.__ready = "예";';
const html = (text: string) =>
  `<!DOCTYPE html><html lang="ko"><head><script nonce="${NONCE}">${script}</script>` +
  `<script type="module" src="/assets/entry.js" nonce="${NONCE}"></script></head>` +
  `<body><p>${text.repeat(200)}</p></body></html>`;

/** What the page handler does: answer from the cache, else "render", store and answer. */
function startServer(cache: PageCache, render: (url: string) => Response) {
  let renders = 0;
  const server = createServer((req, res) => {
    if (cache.serve(req, res)) return;
    renders++;
    if (!cache.accepts(req)) {
      res.writeHead(200, { "x-not-stored": "1" }).end("fresh");
      return;
    }
    const generation = cache.generation;
    void cache
      .store({
        req,
        response: render(req.url ?? "/"),
        baseHeaders: {
          "content-security-policy": `script-src 'self' 'nonce-${NONCE}'`,
          "x-frame-options": "DENY",
        },
        nonce: NONCE,
        generation,
      })
      .then((page) => {
        if (page) sendCachedPage(req, res, page);
        else res.writeHead(200, { "x-not-stored": "1" }).end("fresh");
      });
  });
  return { server, renders: () => renders };
}

const htmlResponse = (text: string, init: ResponseInit = {}) =>
  new Response(html(text), {
    ...init,
    headers: { "content-type": "text/html; charset=utf-8", ...init.headers },
  });

/** A GET with exactly the headers given, as a browser revalidating its copy sends it. */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; etag: string | undefined; body: string }>((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      let body = "";
      response.setEncoding("latin1");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          etag: response.headers.etag,
          body,
        }),
      );
    });
    request.once("error", reject);
    request.end();
  });
}

describe("answers from memory", () => {
  const cache = new PageCache({ maxBytes: 4 * 1024 * 1024 });
  let content = "첫 화면 ";
  const { server, renders } = startServer(cache, () => htmlResponse(content));
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test("renders once; later requests get the stored page until it is invalidated", async () => {
    const first = await fetch(`${base}/about`);
    expect(await first.text()).toContain("첫 화면");
    content = "바뀐 화면 ";
    expect(await (await fetch(`${base}/about`)).text()).toContain("첫 화면");
    expect(renders()).toBe(1);
    await cache.invalidate();
    expect(await (await fetch(`${base}/about`)).text()).toContain("바뀐 화면");
    expect(renders()).toBe(2);
  });

  test("every encoding holds the same page under its own strong ETag", async () => {
    const get = (encoding: string) => fetch(`${base}/encodings`, { headers: { "accept-encoding": encoding } });
    const [br, gzip, identity] = await Promise.all([get("br"), get("gzip"), get("identity")]);
    // fetch decodes the bodies itself; the raw bytes are checked below.
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(identity.headers.get("content-encoding")).toBeNull();
    const tags = [br, gzip, identity].map((response) => response.headers.get("etag"));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    for (const response of [br, gzip, identity]) {
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(response.headers.get("last-modified")).toMatch(/GMT$/);
      expect(await response.text()).toBe(html(content).replaceAll(` nonce="${NONCE}"`, ""));
    }
  });

  test("Brotli is sent to a browser that lists gzip first, and gzip to one that prefers it", async () => {
    const encodingFor = async (accepted: string) =>
      (await fetch(`${base}/preferred`, { headers: { "accept-encoding": accepted } })).headers.get("content-encoding");
    expect(await encodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(await encodingFor("gzip, br")).toBe("br");
    expect(await encodingFor("br;q=0.5, gzip")).toBe("gzip");
    expect(await encodingFor("identity")).toBeNull();
  });

  test("compressed bodies decode to the page", async () => {
    const page = await cache.store({
      req: { url: "/raw", headers: { host: "club.test" } } as never,
      response: htmlResponse("압축 "),
      baseHeaders: {},
      nonce: undefined,
      generation: cache.generation,
    });
    expect(page?.bodies.identity).toBeUndefined();
    const identity = identityBody(page as CachedPage).toString("utf8");
    expect(identity).toContain("압축");
    expect(brotliDecompressSync(page?.bodies.br as Buffer).toString("utf8")).toBe(identity);
    expect(gunzipSync(page?.bodies.gzip as Buffer).toString("utf8")).toBe(identity);
  });

  test("a current copy is answered 304 in every conditional form", async () => {
    const first = await fetch(`${base}/conditional`, { headers: { "accept-encoding": "gzip" } });
    const etag = first.headers.get("etag") as string;
    const lastModified = first.headers.get("last-modified") as string;
    const conditional = async (headers: Record<string, string>) =>
      get(`${base}/conditional`, { "accept-encoding": "gzip", ...headers });

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const response = await conditional({ "if-none-match": ifNoneMatch });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.etag).toBe(etag);
      expect(response.body).toBe("");
    }
    expect((await conditional({ "if-none-match": '"other"' })).status).toBe(200);
    // The tag of another encoding names another body.
    const brTag = (await get(`${base}/conditional`, { "accept-encoding": "br" })).etag as string;
    expect(brTag).not.toBe(etag);
    expect((await conditional({ "if-none-match": brTag })).status).toBe(200);

    expect((await conditional({ "if-modified-since": lastModified })).status).toBe(304);
    const later = new Date(Date.parse(lastModified) + 60_000).toUTCString();
    expect((await conditional({ "if-modified-since": later })).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await conditional({ "if-modified-since": earlier })).status).toBe(200);
    // If-None-Match wins over If-Modified-Since. No-cache is for caches on the way: the origin
    // still answers the precondition it is sent (fetch() adds no-cache to such requests).
    const mismatch = { "if-none-match": '"other"', "if-modified-since": lastModified };
    expect((await conditional(mismatch)).status).toBe(200);
    const revalidate = { "if-none-match": etag, "cache-control": "no-cache" };
    expect((await conditional(revalidate)).status).toBe(304);
  });

  test("HEAD answers the GET's headers without its body", async () => {
    const get = await fetch(`${base}/head`, { headers: { "accept-encoding": "br" } });
    const head = await fetch(`${base}/head`, {
      method: "HEAD",
      headers: { "accept-encoding": "br" },
    });
    expect(head.status).toBe(200);
    for (const name of ["content-type", "content-length", "etag", "vary", "last-modified"]) {
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    }
    expect(await head.text()).toBe("");
  });

  test("inline scripts are allowed by their hashes instead of a shared nonce", async () => {
    const response = await fetch(`${base}/policy`);
    const body = await response.text();
    expect(body).not.toContain("nonce=");
    const hash = createHash("sha256").update(script).digest("base64");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`'sha256-${hash}'`);
    expect(policy).not.toContain("nonce-");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  test("managers, /admin and /api are never answered from or stored in the cache", async () => {
    await fetch(`${base}/managed`);
    const before = cache.size;
    const signedIn = await fetch(`${base}/managed`, {
      headers: { cookie: "theme=dark; club_admin_session=abc" },
    });
    expect(signedIn.headers.get("x-not-stored")).toBe("1");
    for (const path of ["/admin", "/admin/manage-posts", "/api/page-views"]) {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get("x-not-stored"), path).toBe("1");
    }
    expect(cache.size).toBe(before);
  });
});

describe("what is kept", () => {
  const store = (cache: PageCache, url: string, response: Response, generation?: number, host = "club.test") =>
    cache.store({
      req: { url, headers: { host } } as never,
      response,
      baseHeaders: {},
      nonce: undefined,
      generation: generation ?? cache.generation,
    });

  test("responses that set cookies, are private, carry their own ETag or fail are not kept", async () => {
    const cache = new PageCache({ maxBytes: 1024 * 1024 });
    await store(cache, "/a", htmlResponse("a", { headers: { "set-cookie": "x=1" } }));
    await store(cache, "/b", htmlResponse("b", { headers: { "cache-control": "private" } }));
    await store(cache, "/c", htmlResponse("c", { headers: { "cache-control": "no-store" } }));
    await store(cache, "/d", htmlResponse("d", { headers: { etag: '"file"' } }));
    await store(cache, "/e", htmlResponse("e", { status: 404 }));
    expect(cache.size).toBe(0);
    await store(cache, "/f", htmlResponse("f"));
    expect(cache.size).toBe(1);
  });

  test("a page rendered while a write happened is not kept", async () => {
    const cache = new PageCache({ maxBytes: 1024 * 1024 });
    const generation = cache.generation;
    await cache.invalidate();
    await store(cache, "/stale", htmlResponse("stale"), generation);
    expect(cache.size).toBe(0);
  });

  test("a page is kept for the host it was asked at: its links are made from that host", async () => {
    const cache = new PageCache({ maxBytes: 1024 * 1024 });
    const held = (host: string, headers: Record<string, string> = {}) =>
      cache.serve(
        { method: "GET", url: "/about", headers: { host, ...headers } } as never,
        { writeHead: () => undefined, end: () => undefined } as never,
      );
    await store(cache, "/about", htmlResponse("club"), undefined, "club.example.org");
    expect(held("club.example.org")).toBe(true);
    expect(held("192.168.0.10:3000")).toBe(false);
    expect(held("club.example.org", { "x-forwarded-host": "other.example.org" })).toBe(false);
    expect(held("club.example.org", { "x-forwarded-proto": "https" })).toBe(false);
  });

  test("memory is bounded and the least recently used pages go first", async () => {
    const cache = new PageCache({ maxBytes: 200_000 });
    const held = (url: string) =>
      cache.serve(
        { method: "GET", url, headers: { host: "club.test" } } as never,
        { writeHead: () => undefined, end: () => undefined } as never,
      );
    for (let index = 0; index < 40; index++) {
      // Random bytes as text: compression cannot shrink them much.
      const text = randomBytes(6_000).toString("base64");
      await store(cache, `/page-${index}`, new Response(text, { headers: { "content-type": "text/plain" } }));
      held("/page-0");
    }
    expect(cache.bytes).toBeLessThanOrEqual(200_000);
    expect(cache.size).toBeLessThan(40);
    expect(held("/page-0")).toBe(true);
    expect(held("/page-1")).toBe(false);
    expect(held("/page-39")).toBe(true);
  });
});

test("entries end at the next midnight in Seoul", () => {
  // Midnight in Seoul is 15:00 UTC of the day before.
  expect(nextSeoulMidnight(Date.UTC(2026, 0, 1, 14, 59))).toBe(Date.UTC(2026, 0, 1, 15, 0));
  expect(nextSeoulMidnight(Date.UTC(2026, 0, 1, 15, 0))).toBe(Date.UTC(2026, 0, 2, 15, 0));
  expect(nextSeoulMidnight(Date.UTC(2026, 0, 1, 3, 0))).toBe(Date.UTC(2026, 0, 1, 15, 0));
});
