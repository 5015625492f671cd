import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import { type ContentRevision, readContentRevision } from "#server/db/content-revision.ts";
import type { Db } from "#server/db/database.ts";
import { SESSION_COOKIE_NAME } from "#server/domain/accounts/sessions.ts";
import { forbidsSharing } from "#server/http/cache-policy.ts";
import { validHost } from "#server/http/fetch-bridge.ts";
import { nextSeoulMidnight } from "#shared/dates.ts";
import { type CachedPage, createCachedPage } from "./cached-page.ts";
import { sendCachedPage } from "./send-cached-page.ts";

/**
 * Public pages rendered once and served from memory until published content changes.
 *
 * - Only anonymous GET and HEAD requests outside /admin and /api are served from it or stored in
 *   it; a request carrying a manager's session cookie always renders afresh, so nothing rendered
 *   for a manager reaches a visitor. A response that sets a cookie, says `private` or `no-store`,
 *   carries its own ETag (a file streamed from storage) or is not a 200 is never stored.
 * - Every admin write raises the content revision in its transaction and empties this process's
 *   cache before it answers (`invalidate`); workers of one instance are told at once through the
 *   cluster (see cluster-invalidation.ts). Writes made elsewhere are caught by reading the
 *   revision: on SQLite synchronously before every render and, at most every 10 ms, before a
 *   hit (`followRevisionSync`), on PostgreSQL by polling ten times a second (`followRevision`).
 * - After a write, each page is rendered once however many requests ask for it meanwhile
 *   (`renderOnce`, and `serve` for the requests that wait before the middleware).
 * - Entries also end at the next midnight in Seoul, since pages show today's date.
 * - Memory is bounded: least recently used pages are dropped first.
 * - Pages are kept per address and per host the request names: a site without a configured
 *   public address makes its links from the address the visitor used (site-address.ts), so the
 *   same page differs by host.
 */
export class PageCache {
  readonly #entries: LRUCache<string, CachedPage>;
  readonly #enabled: boolean;
  #generation = 0;
  #revision: ContentRevision | undefined;
  #poller: ReturnType<typeof setInterval> | undefined;
  #readRevisionNow: (() => ContentRevision) | undefined;
  #lastRevisionRead = Number.NEGATIVE_INFINITY;
  /** The last Host header found valid: visitors of one site send the same one. */
  #validHost: string | undefined;
  /** Renders under way, by the generation they started in and the address. */
  readonly #rendering = new Map<string, Promise<CachedPage | Response>>();
  /** Told after this process empties its cache for a write of its own (the other workers). */
  onLocalInvalidation: ((revision: ContentRevision | undefined) => Promise<void>) | undefined;

  constructor(options: { maxBytes: number; enabled?: boolean }) {
    this.#enabled = options.enabled ?? true;
    this.#entries = new LRUCache<string, CachedPage>({
      maxSize: Math.max(1, options.maxBytes),
      maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 8)),
      sizeCalculation: (page) => page.size,
    });
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The content revision the cached pages were rendered at, once known (caught up first). */
  get revision(): ContentRevision | undefined {
    this.#catchUpWithRevision(0);
    return this.#revision;
  }

  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  /** Whether the request may be answered from the cache, or its answer stored in it. */
  accepts(req: IncomingMessage): boolean {
    if (!this.#enabled) return false;
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    if (!url.startsWith("/") || url.startsWith("/admin") || url.startsWith("/api/")) return false;
    if (req.headers.cookie?.includes(SESSION_COOKIE)) return false;
    return true;
  }

  /**
   * Answers from memory when it can; false sends the request on to be rendered. With `otherwise`,
   * a request for a page being rendered right now waits for that render here, before any
   * middleware runs (after a write, most requests for a page arrive while it renders), and
   * `otherwise` sends it on should the render make nothing to share.
   */
  serve(
    req: IncomingMessage,
    res: ServerResponse,
    otherwise?: (req: IncomingMessage, res: ServerResponse) => void,
  ): boolean {
    if (!this.accepts(req)) return false;
    const host = req.headers.host;
    if (host !== this.#validHost) {
      if (!validHost(host)) return false;
      this.#validHost = host;
    }
    this.#catchUpWithRevision(HIT_REVISION_READ_MS);
    const key = cacheKeyOf(req);
    const page = this.#entries.get(key);
    if (page && page.expiresAt > Date.now()) {
      sendCachedPage(req, res, page);
      return true;
    }
    if (page) this.#entries.delete(key);
    if (!otherwise || this.#rendering.size === 0) return false;
    const rendering = this.#renderingNow(key);
    if (!rendering) return false;
    rendering.then(
      (rendered) => (rendered instanceof Response ? otherwise(req, res) : sendCachedPage(req, res, rendered)),
      // The request renders for itself, and meets the failure (or not) on its own.
      () => otherwise(req, res),
    );
    return true;
  }

  /** A stamp to take before rendering: a write during the render makes `store` drop its result. */
  get generation(): number {
    return this.#generation;
  }

  /**
   * One render per page and content revision, however many requests ask for it meanwhile (see
   * docs/decisions/0040-one-render-per-page.md). The first request for a page runs `render` (which
   * stores what it rendered and gives the page, or the response when it may not be kept); the
   * requests that come while it runs wait for it and get its page. A request that comes after
   * a write starts a render of its own: the key holds the generation, which every write this
   * process learns of advances, and on SQLite the revision is read afresh first.
   *
   * Resolves to what `render` gave for the request that ran it; for a request that waited, to
   * the page, or to undefined when the render made none (the caller renders for itself).
   */
  renderOnce(req: IncomingMessage, render: (generation: number) => Promise<CachedPage | Response>) {
    const page = cacheKeyOf(req);
    const running = this.#renderingNow(page);
    if (running) return running.then((rendered) => (rendered instanceof Response ? undefined : rendered));
    const generation = this.#generation;
    const key = `${generation} ${page}`;
    const rendering = render(generation);
    this.#rendering.set(key, rendering);
    const done = () => this.#rendering.delete(key);
    rendering.then(done, done);
    return rendering;
  }

  /** Keeps a rendered response when it may be shared; returns the cached page, or undefined. */
  async store(options: {
    req: IncomingMessage;
    response: Response;
    baseHeaders: Parameters<typeof createCachedPage>[0]["baseHeaders"];
    nonce: string | undefined;
    generation: number;
  }): Promise<CachedPage | undefined> {
    const { response } = options;
    if (response.status !== 200 || response.headers.has("set-cookie")) return undefined;
    // A route that sets its own ETag streams a file and answers conditional requests itself.
    if (response.headers.has("etag")) return undefined;
    if (forbidsSharing(response.headers)) return undefined;
    const now = Date.now();
    const page = await createCachedPage({
      response,
      baseHeaders: options.baseHeaders,
      nonce: options.nonce,
      lastModified: lastModifiedAt(this.#revision, now),
      expiresAt: nextSeoulMidnight(now),
    });
    if (options.generation === this.#generation) this.#entries.set(cacheKeyOf(options.req), page);
    return page;
  }

  /** Empties the cache after a write in this process; resolves once every worker has too. */
  async invalidate(revision?: ContentRevision): Promise<void> {
    this.#clear(revision);
    await this.onLocalInvalidation?.(this.#revision);
  }

  /** Empties the cache because another process or instance wrote (no one else to tell). */
  invalidateFromElsewhere(revision?: ContentRevision): void {
    this.#clear(revision);
  }

  /**
   * Reads the content revision now and then every `intervalMs`: a change made by another
   * process or instance empties this cache within that time.
   */
  async followRevision(db: Db, intervalMs: number, onError: (error: unknown) => void) {
    this.#revision = await readContentRevision(db);
    const poll = async () => {
      try {
        const current = await readContentRevision(db);
        if (current.revision !== this.#revision?.revision) this.invalidateFromElsewhere(current);
      } catch (error) {
        onError(error);
      }
    };
    this.#poller = setInterval(() => void poll(), intervalMs);
    this.#poller.unref();
  }

  /**
   * SQLite: the revision can be read synchronously in a few microseconds, so a cache hit reads
   * it first (at most once a millisecond) and every write in any process on this machine shows
   * on the very next load.
   */
  followRevisionSync(read: () => ContentRevision): void {
    this.#readRevisionNow = read;
    this.#revision = read();
  }

  stop(): void {
    clearInterval(this.#poller);
  }

  /** The render of the page keyed `page` under way at the content revision as it is now, if any. */
  #renderingNow(page: string): Promise<CachedPage | Response> | undefined {
    this.#catchUpWithRevision(0);
    return this.#rendering.get(`${this.#generation} ${page}`);
  }

  /** Reads the revision (SQLite) unless it was read less than `maxAgeMs` ago. */
  #catchUpWithRevision(maxAgeMs: number): void {
    if (!this.#readRevisionNow) return;
    const now = performance.now();
    if (now - this.#lastRevisionRead < maxAgeMs) return;
    this.#lastRevisionRead = now;
    const current = this.#readRevisionNow();
    if (current.revision !== this.#revision?.revision) this.invalidateFromElsewhere(current);
  }

  #clear(revision: ContentRevision | undefined): void {
    this.#generation++;
    if (revision && (!this.#revision || revision.revision >= this.#revision.revision)) {
      this.#revision = revision;
    }
    this.#entries.clear();
  }
}

const SESSION_COOKIE = `${SESSION_COOKIE_NAME}=`;

/**
 * How stale the revision may be on a cache hit (SQLite): reading it costs some 20 µs, as much as
 * the rest of a hit, so hits read it at most this often. A write by this instance reaches every
 * worker before its answer is sent (cluster-invalidation.ts); this bounds only writes made by
 * other processes (a script, the command line). A render always reads it first.
 */
const HIT_REVISION_READ_MS = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Content last changed at the later of the last write and today's start (the date shown). */
function lastModifiedAt(revision: ContentRevision | undefined, now: number): Date {
  const todayStart = nextSeoulMidnight(now) - DAY_MS;
  const changed = revision?.changedAt.getTime() ?? now;
  // HTTP dates have whole seconds.
  return new Date(Math.floor(Math.max(changed, todayStart) / 1000) * 1000);
}

/**
 * A page's key: its address, and the host and scheme the request names (Host and the forwarded
 * headers as sent; whether a proxy is believed does not matter here, each combination is its
 * own entry), since links in the page are made from them when no public address is set.
 */
export function cacheKeyOf(req: IncomingMessage): string {
  const { host, "x-forwarded-host": forwardedHost, "x-forwarded-proto": forwardedProto } = req.headers;
  return `${forwardedProto ?? ""} ${forwardedHost ?? ""} ${host ?? ""} ${req.url}`;
}
