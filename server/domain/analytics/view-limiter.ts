/**
 * Which page-view reports are counted: a client address is counted at most once per page in
 * 30 minutes and sends at most 60 reports a minute (a reload, a tab left open or a script then
 * adds nothing). What goes past is answered like the rest and not counted.
 *
 * The marks live in this process's memory, never in the database or a log: nothing is kept about
 * a visitor beyond half an hour, and nothing at all across a restart. With several workers a
 * visitor whose reports reach two of them can be counted once by each; a view count need not be
 * exact, and sharing the marks would mean storing addresses (decision 0020).
 */
export interface ViewLimits {
  /** Reports a client address may send in a minute. */
  perMinute: number;
  /** How long a counted page is not counted again for the same address. */
  repeatMs: number;
  /** Addresses remembered at once; the least recently seen is forgotten first. */
  maxClients: number;
  /** Pages remembered per address; the least recently counted is forgotten first. */
  maxPagesPerClient: number;
}

export const viewLimits: ViewLimits = {
  perMinute: 60,
  repeatMs: 30 * 60 * 1000,
  maxClients: 10_000,
  maxPagesPerClient: 20,
};

const MINUTE_MS = 60 * 1000;

interface ClientMarks {
  lastReportAt: number;
  minuteStartedAt: number;
  reportsThisMinute: number;
  /** Path → when it was last counted. */
  counted: Map<string, number>;
}

export class PageViewLimiter {
  readonly #limits: ViewLimits;
  /** In order of last report, oldest first (a Map keeps insertion order). */
  readonly #clients = new Map<string, ClientMarks>();

  constructor(limits: ViewLimits = viewLimits) {
    this.#limits = limits;
  }

  /** Whether this report of `path` from `clientKey` is counted; notes it either way. */
  admit(clientKey: string, path: string, now: number = Date.now()): boolean {
    const marks = this.#marksOf(clientKey, now);
    marks.lastReportAt = now;
    if (now - marks.minuteStartedAt >= MINUTE_MS) {
      marks.minuteStartedAt = now;
      marks.reportsThisMinute = 0;
    }
    marks.reportsThisMinute += 1;
    if (marks.reportsThisMinute > this.#limits.perMinute) return false;

    const countedAt = marks.counted.get(path);
    if (countedAt !== undefined && now - countedAt < this.#limits.repeatMs) return false;
    marks.counted.delete(path);
    marks.counted.set(path, now);
    if (marks.counted.size > this.#limits.maxPagesPerClient) {
      marks.counted.delete(marks.counted.keys().next().value as string);
    }
    return true;
  }

  /** Addresses remembered now (for tests and the bound). */
  get clientCount(): number {
    return this.#clients.size;
  }

  #marksOf(clientKey: string, now: number): ClientMarks {
    const known = this.#clients.get(clientKey);
    if (known) {
      // Seen again: it moves to the end, the most recent.
      this.#clients.delete(clientKey);
      this.#clients.set(clientKey, known);
      return known;
    }
    this.#forgetOld(now);
    const marks: ClientMarks = { lastReportAt: now, minuteStartedAt: now, reportsThisMinute: 0, counted: new Map() };
    this.#clients.set(clientKey, marks);
    return marks;
  }

  /** Drops addresses silent for longer than a repeat lasts, and the oldest past the bound. */
  #forgetOld(now: number): void {
    for (const [key, marks] of this.#clients) {
      const stale = now - marks.lastReportAt >= this.#limits.repeatMs;
      if (!stale && this.#clients.size < this.#limits.maxClients) return;
      this.#clients.delete(key);
    }
  }
}
