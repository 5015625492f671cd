import { expect, test } from "vitest";
import type { CachedPage } from "#server/http/page-cache/cached-page.ts";
import { PageCache } from "#server/http/page-cache/page-cache.ts";

/**
 * One render per page and content revision: requests that come while a page renders wait for
 * that render, and a request that comes after a write never waits for a render that started
 * before it. Renders here finish when the test says so, not after some time.
 */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** A visitor's request for `url`, as the cache reads it. */
const requestFor = (url: string) => ({ method: "GET", url, headers: { host: "club.test" } }) as never;

/** A render that stores `text` as the page once `until` opens, counting itself in `renders`. */
function rendering(cache: PageCache, url: string, text: string, until: Promise<void>, renders: string[]) {
  return async (generation: number) => {
    renders.push(text);
    await until;
    const response = new Response(text, { headers: { "content-type": "text/plain" } });
    const page = await cache.store({ req: requestFor(url), response, baseHeaders: {}, nonce: undefined, generation });
    return page ?? response;
  };
}

/** What the cache itself answers for `url` now. */
function cachedBody(cache: PageCache, url: string): string | undefined {
  let sent: string | undefined;
  const res = { writeHead: () => undefined, end: (body: Buffer) => (sent = body.toString()) };
  cache.serve(requestFor(url), res as never);
  return sent;
}

const bodyOf = (page: CachedPage | Response | undefined) =>
  page instanceof Response || page === undefined ? undefined : page.bodies.identity?.toString();

test("64 requests for a page that is not cached cause one render and all get its page", async () => {
  const cache = new PageCache({ maxBytes: 1024 * 1024 });
  const renders: string[] = [];
  const { open, opened } = gate();
  const answers = Array.from({ length: 64 }, () =>
    cache.renderOnce(requestFor("/about"), rendering(cache, "/about", "소개", opened, renders)),
  );
  open();
  const pages = await Promise.all(answers);
  expect(renders).toEqual(["소개"]);
  expect(pages.map(bodyOf)).toEqual(Array(64).fill("소개"));
  expect(cache.size).toBe(1);
});

test("a request after a write does not wait for the render that started before it", async () => {
  const cache = new PageCache({ maxBytes: 1024 * 1024 });
  const renders: string[] = [];
  const before = gate();
  const earlier = cache.renderOnce(requestFor("/join"), rendering(cache, "/join", "모집 전", before.opened, renders));
  const alsoEarlier = cache.renderOnce(
    requestFor("/join"),
    rendering(cache, "/join", "never rendered", before.opened, renders),
  );

  await cache.invalidate();
  const after = gate();
  const later = cache.renderOnce(requestFor("/join"), rendering(cache, "/join", "모집 중", after.opened, renders));
  after.open();
  expect(bodyOf(await later)).toBe("모집 중");
  // The render from before the write ends last: it neither answers the later request nor
  // replaces the newer page in the cache.
  before.open();
  expect([bodyOf(await earlier), bodyOf(await alsoEarlier)]).toEqual(["모집 전", "모집 전"]);
  expect(renders).toEqual(["모집 전", "모집 중"]);
  expect(cachedBody(cache, "/join")).toBe("모집 중");
});

test("an answer that may not be kept goes to its own request; those that waited render their own", async () => {
  const cache = new PageCache({ maxBytes: 1024 * 1024 });
  const { open, opened } = gate();
  const notKept = async () => {
    await opened;
    return new Response("없는 페이지", { status: 404 });
  };
  const first = cache.renderOnce(requestFor("/missing"), notKept);
  const waiting = cache.renderOnce(requestFor("/missing"), notKept);
  open();
  expect(((await first) as Response).status).toBe(404);
  expect(await waiting).toBeUndefined();
});

test("a failed render fails the requests that waited for it, and the next request renders again", async () => {
  const cache = new PageCache({ maxBytes: 1024 * 1024 });
  const { open, opened } = gate();
  const failing = async (): Promise<Response> => {
    await opened;
    throw new Error("the database went away");
  };
  const first = cache.renderOnce(requestFor("/rule"), failing);
  const waiting = cache.renderOnce(requestFor("/rule"), failing);
  open();
  await expect(first).rejects.toThrow("the database went away");
  await expect(waiting).rejects.toThrow("the database went away");
  const renders: string[] = [];
  const again = await cache.renderOnce(requestFor("/rule"), rendering(cache, "/rule", "회칙", opened, renders));
  expect(bodyOf(again)).toBe("회칙");
});

test("a request for a page being rendered waits before the middleware and gets its page", async () => {
  const cache = new PageCache({ maxBytes: 1024 * 1024 });
  const renders: string[] = [];
  const { open, opened } = gate();
  const rendered = cache.renderOnce(requestFor("/about"), rendering(cache, "/about", "소개", opened, renders));
  let sent: string | undefined;
  const req = { method: "GET", url: "/about", headers: { host: "club.test" } };
  const res = { writeHead: () => undefined, end: (body: Buffer) => (sent = body.toString()) };
  const sentOn = () => {
    throw new Error("the request was sent on to render");
  };
  expect(cache.serve(req as never, res as never, sentOn)).toBe(true);
  expect(sent).toBeUndefined();
  open();
  await rendered;
  await expect.poll(() => sent).toBe("소개");
  expect(renders).toEqual(["소개"]);
});

test("a request that waited before the middleware is sent on when the render made nothing to share", async () => {
  const cache = new PageCache({ maxBytes: 1024 * 1024 });
  const { open, opened } = gate();
  const notKept = async () => {
    await opened;
    return new Response("없는 페이지", { status: 404 });
  };
  const rendered = cache.renderOnce(requestFor("/missing"), notKept);
  let sentOn = 0;
  const req = { method: "GET", url: "/missing", headers: { host: "club.test" } };
  expect(cache.serve(req as never, {} as never, () => sentOn++)).toBe(true);
  open();
  await rendered;
  await expect.poll(() => sentOn).toBe(1);
  // Without a render under way, the request is sent on at once.
  expect(cache.serve(req as never, {} as never, () => sentOn++)).toBe(false);
});
