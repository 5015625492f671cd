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
import type { ReadAnswer, ReadRequest } from "./sqlite-read-worker.ts";

/**
 * Reads that take milliseconds, off the thread that serves requests (decision 0019). node:sqlite
 * answers synchronously, so a search of 100,000 articles held every other visitor for its whole
 * run. This pool keeps a few worker threads, each with a read-only connection to the same file,
 * and Kysely sends them the SQL it compiled: the domain code builds its queries as before and
 * awaits the rows.
 */

export interface ReadPoolOptions {
  /** Threads at most; each starts on first use. */
  threads?: number;
  /** Heap limit of each thread, in MB: rows are built there before they are copied across. */
  heapMb?: number;
}

/**
 * Two threads: a second search need not wait behind a long one, and more would only compete for
 * the same cores with the processes that render pages.
 */
const DEFAULT_THREADS = 2;
const DEFAULT_HEAP_MB = 48;
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
    const worker = new Worker(new URL("./sqlite-read-worker.ts", import.meta.url), {
      workerData: { file: this.#file },
      resourceLimits: { maxOldGenerationSizeMb: this.#heapMb, maxYoungGenerationSizeMb: 4 },
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
