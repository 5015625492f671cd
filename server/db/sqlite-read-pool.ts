import type { SQLInputValue } from "node:sqlite";
import { Worker } from "node:worker_threads";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { Database } from "./schema.ts";

/**
 * Reads that take milliseconds, off the thread that serves requests (decision 0019). node:sqlite
 * answers synchronously, so a search of 100,000 articles held every other visitor for its whole
 * run. This pool keeps a worker thread (or a few) with a read-only connection to the same file,
 * and Kysely sends it the SQL it compiled: the domain code builds its queries as before and
 * awaits the rows.
 */

interface ReadRequest {
  id: number;
  sql: string;
  parameters: SQLInputValue[];
}

type ReadAnswer =
  | { id: number; rows: unknown[] }
  | { id: number; error: { message: string; code?: string; errcode?: number; errstr?: string } };

/**
 * What runs in each thread: a read-only connection that answers one query at a time. WAL lets it
 * read while the server writes, and each query sees everything committed before it starts.
 *
 * The thread gets this function's source rather than a file of its own: a thread that loads a
 * TypeScript file pays for Node's type stripper again (some 13 MB a thread), while the source of
 * a function, already stripped, is plain JavaScript. So it may use nothing from outside itself:
 * it requires what it needs.
 */
function readThread(): void {
  const { parentPort, workerData } = require("node:worker_threads") as typeof import("node:worker_threads");
  const { DatabaseSync } = require("node:sqlite") as typeof import("node:sqlite");
  const port = parentPort as import("node:worker_threads").MessagePort;
  const { file, maxStatements } = workerData as { file: string; maxStatements: number };

  // On Linux a thread has a priority of its own: a long read yields the core to the thread that
  // answers requests. Elsewhere the call would lower the whole process, so it is not made.
  try {
    const self = require("node:fs").readlinkSync("/proc/thread-self") as string;
    require("node:os").setPriority(Number(self.split("/").pop()), 10);
  } catch {
    // Not Linux, or not allowed: the thread keeps the process's priority.
  }

  const database = new DatabaseSync(file, { readOnly: true, timeout: 5000 });
  const statements = new Map<string, import("node:sqlite").StatementSync>();
  const prepared = (sql: string) => {
    const known = statements.get(sql);
    if (known) return known;
    const statement = database.prepare(sql);
    if (statements.size >= maxStatements) statements.delete(statements.keys().next().value as string);
    statements.set(sql, statement);
    return statement;
  };

  port.on("message", (message: ReadRequest | "close") => {
    if (message === "close") {
      statements.clear();
      database.close();
      port.close();
      return;
    }
    let answer: ReadAnswer;
    try {
      answer = { id: message.id, rows: prepared(message.sql).all(...message.parameters) };
    } catch (error) {
      const { code, errcode, errstr } = error as { code?: string; errcode?: number; errstr?: string };
      answer = { id: message.id, error: { message: (error as Error).message, code, errcode, errstr } };
    }
    port.postMessage(answer);
  });
}

export interface ReadPoolOptions {
  /** Threads at most; each starts on first use. */
  threads?: number;
  /** Heap limit of each thread, in MB: rows are built there before they are copied across. */
  heapMb?: number;
}

/**
 * One thread: the site runs one process per core (decision 0015), so that is one reading thread
 * per core, and each thread costs some 15 MB of a process's 200. Reads queue for it, and the
 * reads sent here take milliseconds.
 */
const DEFAULT_THREADS = 1;
/** The reads sent here answer a page of rows or a count; a sitemap's rows are read elsewhere. */
const DEFAULT_HEAP_MB = 16;
/** Statements kept per thread: more than the reads sent here, few enough to bound. */
const MAX_KEPT_STATEMENTS = 100;
/** How long a closing thread may take to close its connection before it is stopped. */
const CLOSE_GRACE_MS = 2000;

interface Job {
  request: ReadRequest;
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  job: Job | undefined;
  exited: Promise<void>;
}

export class SqliteReadPool {
  readonly #file: string;
  readonly #size: number;
  readonly #heapMb: number;
  readonly #threads = new Set<Thread>();
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;

  constructor(file: string, options: ReadPoolOptions = {}) {
    this.#file = file;
    this.#size = Math.max(1, options.threads ?? DEFAULT_THREADS);
    this.#heapMb = options.heapMb ?? DEFAULT_HEAP_MB;
  }

  /** Threads running now (they start on first use and end with `close`). */
  get threadCount(): number {
    return this.#threads.size;
  }

  /** The rows of one read, run on the first free thread. */
  all(sql: string, parameters: SQLInputValue[]): Promise<unknown[]> {
    if (this.#closed) return Promise.reject(new Error("The SQLite read pool is closed."));
    return new Promise((resolve, reject) => {
      this.#queue.push({ request: { id: this.#nextId++, sql, parameters }, resolve, reject });
      this.#dispatch();
    });
  }

  /** Fails what is waiting and ends every thread; their connections close first. */
  async close(): Promise<void> {
    this.#closed = true;
    const closing = new Error("The SQLite read pool is closed.");
    for (const job of this.#queue.splice(0)) job.reject(closing);
    await Promise.all(
      [...this.#threads].map((thread) => {
        const stop = setTimeout(() => void thread.worker.terminate(), CLOSE_GRACE_MS);
        thread.worker.postMessage("close");
        return thread.exited.finally(() => clearTimeout(stop));
      }),
    );
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const thread = this.#idleThread();
      if (!thread) return;
      const job = this.#queue.shift() as Job;
      thread.job = job;
      // A thread holds the process open only while it works: an idle pool never keeps a command
      // from ending, and a read in progress is never cut short.
      thread.worker.ref();
      thread.worker.postMessage(job.request);
    }
  }

  #idleThread(): Thread | undefined {
    for (const thread of this.#threads) if (!thread.job) return thread;
    return this.#threads.size < this.#size ? this.#start() : undefined;
  }

  #start(): Thread {
    const worker = new Worker(`(${readThread.toString()})()`, {
      eval: true,
      workerData: { file: this.#file, maxStatements: MAX_KEPT_STATEMENTS },
      resourceLimits: { maxOldGenerationSizeMb: this.#heapMb, maxYoungGenerationSizeMb: 1 },
    });
    worker.unref();
    const thread: Thread = {
      worker,
      job: undefined,
      exited: new Promise((resolve) => worker.once("exit", () => resolve())),
    };
    this.#threads.add(thread);
    worker.on("message", (answer: ReadAnswer) => {
      const job = thread.job;
      if (!job || job.request.id !== answer.id) return;
      thread.job = undefined;
      worker.unref();
      if ("error" in answer) job.reject(Object.assign(new Error(answer.error.message), answer.error));
      else job.resolve(answer.rows);
      this.#dispatch();
    });
    // A thread that fails (out of memory, a fault in the engine) fails its read and is replaced
    // by the next read that needs one.
    worker.on("error", (error) => {
      thread.job?.reject(error);
      thread.job = undefined;
    });
    worker.once("exit", () => {
      this.#threads.delete(thread);
      thread.job?.reject(new Error("A thread of the SQLite read pool stopped during a read."));
      thread.job = undefined;
      if (!this.#closed) this.#dispatch();
    });
    return thread;
  }
}

/**
 * A Kysely instance whose queries run on `pool`. It only reads: the connections are read-only,
 * and there are no transactions (a read inside a transaction belongs to that transaction's
 * connection, see slow-reads.ts).
 */
export function readPoolKysely(pool: SqliteReadPool, toValue: (value: unknown) => SQLInputValue): Kysely<Database> {
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const rows = await pool.all(query.sql, query.parameters.map(toValue));
      return { rows: rows as R[] };
    },
    // biome-ignore lint/correctness/useYield: nothing is streamed from the pool
    async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
      throw new Error("The SQLite read pool does not stream rows.");
    },
  };
  const noTransactions = async () => {
    throw new Error("The SQLite read pool runs no transactions.");
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: noTransactions,
    commitTransaction: noTransactions,
    rollbackTransaction: noTransactions,
    releaseConnection: async () => {},
    destroy: () => pool.close(),
  };
  const dialect: Dialect = {
    createAdapter: () => new ReadPoolAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
  return new Kysely<Database>({ dialect });
}

/**
 * SQLite's adapter says it has one connection, so Kysely runs one query at a time; the pool's
 * threads are connections of their own and read side by side.
 */
class ReadPoolAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}
