/**
 * Whether the database can be reached right now. A connection-class failure (the server stopped,
 * restarted, refused or timed out) marks it unavailable; from then on requests are answered 503
 * at once instead of each waiting for its own failure, and a probe checks once a second until
 * the database answers again. The process never exits because the database went away.
 */

/** PostgreSQL SQLSTATE codes that mean "no usable connection", not a fault of the query. */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: the server is stopping (fast or smart shutdown)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the server is starting or in recovery
  "53300", // too_many_connections
]);

const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/** node-postgres reports these without a code. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection timeout/i,
  /not queryable/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /terminating connection due to account command/i,
];

/** True when `error` means the database cannot be reached, rather than a bad query or data. */
export function isDatabaseUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08")) return true;
    if (UNAVAILABLE_NODE_CODES.has(code)) return true;
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // AggregateError (several addresses refused) and wrapped causes.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailableError);
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailableError(error.cause);
}

export interface AvailabilityEvents {
  unavailable(error: unknown): void;
  available(): void;
}

export class DatabaseAvailability {
  #down = false;
  #probeTimer: ReturnType<typeof setInterval> | undefined;
  #probing = false;
  readonly #probe: () => Promise<unknown>;
  readonly #events: AvailabilityEvents;
  readonly #probeIntervalMs: number;

  constructor(options: {
    probe: () => Promise<unknown>;
    events: AvailabilityEvents;
    probeIntervalMs?: number;
  }) {
    this.#probe = options.probe;
    this.#events = options.events;
    this.#probeIntervalMs = options.probeIntervalMs ?? 1000;
  }

  /** False from a connection failure until a probe succeeds. */
  get available(): boolean {
    return !this.#down;
  }

  /** Looks at a failure; marks the database unavailable when it is a connection failure. */
  noteFailure(error: unknown): void {
    if (!isDatabaseUnavailableError(error) || this.#down) return;
    this.#down = true;
    this.#events.unavailable(error);
    this.#probeTimer = setInterval(() => void this.#runProbe(), this.#probeIntervalMs);
    this.#probeTimer.unref();
  }

  /** Checks now (for a health check) and updates the state; resolves to whether it answered. */
  async check(): Promise<boolean> {
    try {
      await this.#probe();
      this.#markAvailable();
      return true;
    } catch (error) {
      this.noteFailure(error);
      return false;
    }
  }

  stop(): void {
    clearInterval(this.#probeTimer);
    this.#probeTimer = undefined;
  }

  async #runProbe(): Promise<void> {
    if (this.#probing) return;
    this.#probing = true;
    try {
      await this.#probe();
      this.#markAvailable();
    } catch {
      // Still down: the next tick tries again.
    } finally {
      this.#probing = false;
    }
  }

  #markAvailable(): void {
    if (!this.#down) return;
    this.#down = false;
    this.stop();
    this.#events.available();
  }
}
