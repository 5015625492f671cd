import { describe, expect, test } from "vitest";
import { byteLength, Memo } from "#server/memo.ts";

/** A `make` that counts its calls and answers when told to. */
function maker<Value>(value: Value) {
  let calls = 0;
  let settle: { resolve(value: Value): void; reject(error: unknown): void } | undefined;
  return {
    get calls() {
      return calls;
    },
    /** Resolves at once. */
    now: () => {
      calls++;
      return Promise.resolve(value);
    },
    /** Resolves or rejects when `settle` is called. */
    later: () => {
      calls++;
      return new Promise<Value>((resolve, reject) => {
        settle = { resolve, reject };
      });
    },
    settle: () => settle,
  };
}

describe("Memo", () => {
  test("a value is made once and then kept", async () => {
    const memo = new Memo<string>({ maxEntries: 4 });
    const make = maker("a");
    expect(await memo.get("k", make.now)).toBe("a");
    expect(await memo.get("k", make.now)).toBe("a");
    expect(make.calls).toBe(1);
  });

  test("callers asking while a value is made wait for that one making", async () => {
    const memo = new Memo<string>({ maxEntries: 4 });
    const make = maker("a");
    const first = memo.get("k", make.later);
    const second = memo.get("k", make.later);
    expect(make.calls).toBe(1);
    make.settle()?.resolve("a");
    await expect(Promise.all([first, second])).resolves.toEqual(["a", "a"]);
  });

  test("a failure is not kept: the next call makes the value again", async () => {
    const memo = new Memo<string>({ maxEntries: 4 });
    const failing = maker("never");
    const attempt = memo.get("k", failing.later);
    failing.settle()?.reject(new Error("disk gone"));
    await expect(attempt).rejects.toThrow("disk gone");
    expect(memo.size).toBe(0);
    await expect(memo.get("k", maker("b").now)).resolves.toBe("b");
  });

  test("an entry bound keeps the most recently used values", async () => {
    const memo = new Memo<string>({ maxEntries: 2 });
    await memo.get("a", maker("a").now);
    await memo.get("b", maker("b").now);
    await memo.get("a", maker("unused").now);
    await memo.get("c", maker("c").now);
    expect(memo.size).toBe(2);
    expect(await memo.get("a", maker("unused").now)).toBe("a");
    expect(await memo.get("b", maker("b again").now)).toBe("b again");
  });

  test("a byte bound holds the kept bytes under it, and a value larger than it is not kept", async () => {
    const memo = new Memo<Buffer>({ maxBytes: 1000, sizeOf: byteLength });
    for (const key of ["a", "b", "c", "d"]) await memo.get(key, () => Promise.resolve(Buffer.alloc(300)));
    expect(memo.size).toBe(3);
    expect(memo.bytes).toBe(900);

    const huge = maker(Buffer.alloc(2000));
    expect((await memo.get("huge", huge.now)).length).toBe(2000);
    expect(memo.bytes).toBeLessThanOrEqual(1000);
    await memo.get("huge", huge.now);
    expect(huge.calls).toBe(2);
  });

  test("a kept value of another version is made again; the same version is kept", async () => {
    const memo = new Memo<string>({ maxEntries: 4 });
    expect(await memo.get("list", maker("at 1").now, 1)).toBe("at 1");
    expect(await memo.get("list", maker("unused").now, 1)).toBe("at 1");
    expect(await memo.get("list", maker("at 2").now, 2)).toBe("at 2");
    expect(await memo.get("list", maker("unused").now, 2)).toBe("at 2");
    expect(memo.size).toBe(1);
  });

  test("a caller of a newer version does not wait for a making of an older one", async () => {
    const memo = new Memo<string>({ maxEntries: 4 });
    const old = maker("at 1");
    const pending = memo.get("list", old.later, 1);
    expect(await memo.get("list", maker("at 2").now, 2)).toBe("at 2");
    old.settle()?.resolve("at 1");
    await expect(pending).resolves.toBe("at 1");
    // The older making, done last, does not replace the newer value.
    expect(await memo.get("list", maker("unused").now, 2)).toBe("at 2");
  });

  test("clear forgets every kept value", async () => {
    const memo = new Memo<string>({ maxEntries: 4 });
    await memo.get("a", maker("a").now);
    memo.clear();
    const again = maker("a again");
    expect(await memo.get("a", again.now)).toBe("a again");
  });
});
