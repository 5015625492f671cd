import { expect, test } from "vitest";
import { openDatabase } from "#server/db/database.ts";
import { withStartupLock } from "#server/db/startup-lock.ts";
import { describeEachDatabase } from "./support/databases.ts";

describeEachDatabase("the start lock", (services) => {
  test("two instances' first starts take turns on PostgreSQL; SQLite runs the work at once", async () => {
    const { db, engine, databaseUrl } = services();
    if (engine !== "postgres") {
      await expect(withStartupLock(db, engine, async () => "done")).resolves.toBe("done");
      return;
    }
    // A second instance: a pool of its own on the same database.
    const other = openDatabase({ kind: "postgres", connectionString: databaseUrl });
    try {
      const events: string[] = [];
      let releaseFirst = () => {};
      const firstHolds = new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      let firstStarted = () => {};
      const started = new Promise<void>((resolve) => {
        firstStarted = resolve;
      });
      const first = withStartupLock(db, engine, async () => {
        events.push("first in");
        firstStarted();
        await firstHolds;
        events.push("first out");
      });
      await started;
      let secondWaits = () => {};
      const waiting = new Promise<void>((resolve) => {
        secondWaits = resolve;
      });
      const second = withStartupLock(
        other.db,
        engine,
        async () => {
          events.push("second in");
        },
        { onWait: secondWaits },
      );
      // The second found the lock taken and stays outside; it comes in once the first is done.
      await waiting;
      expect(events).toEqual(["first in"]);
      releaseFirst();
      await Promise.all([first, second]);
      expect(events).toEqual(["first in", "first out", "second in"]);
    } finally {
      await other.close();
    }
  });

  test("an instance that waits too long gives up with an error, and the lock is free after a failure", async () => {
    const { db, engine, databaseUrl } = services();
    if (engine !== "postgres") return;
    const other = openDatabase({ kind: "postgres", connectionString: databaseUrl });
    try {
      let release = () => {};
      const holding = withStartupLock(
        db,
        engine,
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
          }),
      );
      await expect(withStartupLock(other.db, engine, async () => "never", { waitMs: 500 })).rejects.toThrow(
        "held the start lock",
      );
      release();
      await holding;
      await expect(withStartupLock(db, engine, () => Promise.reject(new Error("failed start")))).rejects.toThrow(
        "failed start",
      );
      await expect(withStartupLock(other.db, engine, async () => "after", { waitMs: 1000 })).resolves.toBe("after");
    } finally {
      await other.close();
    }
  });
});
