import { LRUCache } from "lru-cache";

/**
 * The one memory for assets the server computes and serves again: link-preview images, logo
 * files, the managers' manual PDF, the Korean font, page anchors. Rendered pages have a cache of
 * their own (http/page-cache), since they are answered before the router runs.
 *
 * - Bounded: by bytes (`maxBytes` with `sizeOf`) or by entries (`maxEntries`); the least
 *   recently used go first. A value larger than the whole bound is made and returned, not kept.
 * - One making at a time: callers asking for a key being made wait for that one.
 * - A failure is not kept: the next call tries again.
 * - `version`: what the value was made from, for values that depend on something other than
 *   their key (the content revision, the club's name). A kept value of another version is made
 *   again; without a version, a value is good until it is pushed out.
 */
export type MemoBound<Value> = { maxBytes: number; sizeOf: (value: Value) => number } | { maxEntries: number };

type Version = string | number;

interface Kept<Value> {
  version: Version | undefined;
  value: Value;
}

export class Memo<Value> {
  readonly #kept: LRUCache<string, Kept<Value>>;
  /** Values being made, by key and version. */
  readonly #making = new Map<string, Promise<Value>>();

  constructor(bound: MemoBound<Value>) {
    if ("maxBytes" in bound) {
      const { maxBytes, sizeOf } = bound;
      this.#kept = new LRUCache({
        maxSize: Math.max(1, maxBytes),
        // lru-cache refuses a size of 0: an empty value still takes a place.
        sizeCalculation: (kept) => Math.max(1, sizeOf(kept.value)),
      });
    } else {
      this.#kept = new LRUCache({ max: Math.max(1, bound.maxEntries) });
    }
  }

  /** The value kept for `key` (at `version`), or the one `make` makes, then kept. */
  get(key: string, make: () => Promise<Value>, version?: Version): Promise<Value> {
    const kept = this.#kept.get(key);
    if (kept && kept.version === version) return Promise.resolve(kept.value);
    const makingKey = version === undefined ? key : `${key}\u0000${version}`;
    let making = this.#making.get(makingKey);
    if (!making) {
      // A value kept meanwhile by another version's making is newer than this one: it stays.
      const replaced = this.#kept.peek(key);
      making = make()
        .then((value) => {
          if (this.#kept.peek(key) === replaced) this.#kept.set(key, { version, value });
          return value;
        })
        .finally(() => this.#making.delete(makingKey));
      this.#making.set(makingKey, making);
    }
    return making;
  }

  /** Forgets every kept value (values being made are still kept when done). */
  clear(): void {
    this.#kept.clear();
  }

  /** How many values are kept. */
  get size(): number {
    return this.#kept.size;
  }

  /** The kept values' bytes as `sizeOf` counts them (0 when bounded by entries). */
  get bytes(): number {
    return this.#kept.calculatedSize;
  }
}

/** The size of a value held in a buffer, for byte-bounded memos. */
export function byteLength(value: { byteLength: number }): number {
  return value.byteLength;
}
