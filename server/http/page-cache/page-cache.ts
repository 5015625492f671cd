import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import { type ContentRevision, readContentRevision } from "#server/db/content-revision.ts";
import type { Db } from "#server/db/database.ts";
import { SESSION_COOKIE_NAME } from "#server/domain/accounts/sessions.ts";
import { forbidsSharing } from "#server/http/cache-policy.ts";
import { validHost } from "#server/http/fetch-bridge.ts";
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
 *   revision: on SQLite synchronously before a hit (`followRevisionSync`), on PostgreSQL by
 *   polling ten times a second (`followRevision`).
 * - Entries also end at the next midnight in Seoul, since pages show today's date.
 * - Memory is bounded: least recently used pages are dropped first.
 */
export class PageCache {
  readonly #entries: LRUCache<string, CachedPage>;
  readonly #enabled: boolean;
  #generation = 0;
  #revision: ContentRevision | undefined;
  #poller: ReturnType<typeof setInterval> | undefined;
  #readRevisionNow: (() => ContentRevision) | undefined;
  #lastRevisionRead = 0;
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
    this.#catchUpWithRevision();
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

  /** Answers from memory when it can; false sends the request on to be rendered. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.accepts(req) || !validHost(req.headers.host)) return false;
    this.#catchUpWithRevision();
    const page = this.#entries.get(req.url as string);
    if (!page) return false;
    if (page.expiresAt <= Date.now()) {
      this.#entries.delete(req.url as string);
      return false;
    }
    sendCachedPage(req, res, page);
    return true;
  }

  /** A stamp to take before rendering: a write during the render makes `store` drop its result. */
  get generation(): number {
    return this.#generation;
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
    if (options.generation === this.#generation) this.#entries.set(options.req.url as string, page);
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

  #catchUpWithRevision(): void {
    if (!this.#readRevisionNow) return;
    const now = performance.now();
    if (now - this.#lastRevisionRead < 1) return;
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

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seoul keeps UTC+9 all year (no daylight saving time). */
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

export function nextSeoulMidnight(now: number): number {
  return Math.floor((now + SEOUL_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - SEOUL_OFFSET_MS;
}

/** Content last changed at the later of the last write and today's start (the date shown). */
function lastModifiedAt(revision: ContentRevision | undefined, now: number): Date {
  const todayStart = nextSeoulMidnight(now) - DAY_MS;
  const changed = revision?.changedAt.getTime() ?? now;
  // HTTP dates have whole seconds.
  return new Date(Math.floor(Math.max(changed, todayStart) / 1000) * 1000);
}
