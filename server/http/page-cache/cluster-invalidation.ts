import cluster, { type Worker } from "node:cluster";
import type { ContentRevision } from "#server/db/content-revision.ts";
import type { PageCache } from "./page-cache.ts";

/**
 * Workers of one instance empty their page caches together: the worker that wrote tells the
 * primary, the primary tells every other worker and answers once all have done it (or a second
 * has passed), and only then does the write's response go out. So a manager's next page load
 * shows the change whichever worker serves it. Other instances follow by polling the revision.
 */

interface InvalidateMessage {
  kind: "page-cache:invalidate";
  id: number;
  revision: number;
  changedAt: string;
}
interface DoneMessage {
  kind: "page-cache:done";
  id: number;
}

const WAIT_MS = 1000;

function isMessage<T extends { kind: string }>(value: unknown, kind: T["kind"]): value is T {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === kind;
}

/** In a worker: tells the others about this worker's invalidations and follows theirs. */
export function joinClusterInvalidation(cache: PageCache) {
  const worker = cluster.worker;
  if (!worker) return;
  let nextId = 0;
  const waiting = new Map<number, () => void>();

  worker.on("message", (message: unknown) => {
    if (isMessage<InvalidateMessage>(message, "page-cache:invalidate")) {
      cache.invalidateFromElsewhere({
        revision: message.revision,
        changedAt: new Date(message.changedAt),
      });
      worker.send({ kind: "page-cache:done", id: message.id } satisfies DoneMessage);
    } else if (isMessage<DoneMessage>(message, "page-cache:done")) {
      waiting.get(message.id)?.();
    }
  });

  cache.onLocalInvalidation = (revision: ContentRevision | undefined) =>
    new Promise<void>((resolve) => {
      const id = ++nextId;
      const finish = () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(finish, WAIT_MS);
      waiting.set(id, finish);
      worker.send({
        kind: "page-cache:invalidate",
        id,
        revision: revision?.revision ?? 0,
        changedAt: (revision?.changedAt ?? new Date()).toISOString(),
      } satisfies InvalidateMessage);
    });
}

/** In the primary: passes each worker's invalidation to the others and reports when all did. */
export function relayClusterInvalidations(): void {
  let nextId = 0;
  const pending = new Map<number, { left: Set<number>; done: () => void }>();

  cluster.on("message", (from: Worker, message: unknown) => {
    if (isMessage<DoneMessage>(message, "page-cache:done")) {
      const entry = pending.get(message.id);
      entry?.left.delete(from.id);
      if (entry && entry.left.size === 0) entry.done();
      return;
    }
    if (!isMessage<InvalidateMessage>(message, "page-cache:invalidate")) return;
    const others = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && worker.id !== from.id && worker.isConnected(),
    );
    const id = ++nextId;
    const reply = () => {
      clearTimeout(timer);
      pending.delete(id);
      if (from.isConnected()) from.send({ kind: "page-cache:done", id: message.id });
    };
    const timer = setTimeout(reply, WAIT_MS);
    pending.set(id, { left: new Set(others.map((worker) => worker.id)), done: reply });
    if (others.length === 0) return reply();
    for (const worker of others) worker.send({ ...message, id });
  });
}
