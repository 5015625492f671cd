import { expect, test } from "vitest";
import { deleteVersioned, nextPosition, reorder, updateVersioned } from "#server/db/versioned.ts";
import { storageKeysOf, writeWithFiles } from "#server/domain/files/files.ts";
import { sweepOrphanFiles } from "#server/domain/files/sweep.ts";
import { findFileUses } from "#server/domain/files/usage.ts";
import { ListChangedError, RecordNotFoundError, VersionConflictError } from "#server/failures.ts";
import { describeEachDatabase } from "./support/databases.ts";

const LATER = new Date(Date.now() + 2 * 60 * 60 * 1000);

/**
 * The demo seed checked in the copy of it every suite starts from (demo-template.ts seeds it once
 * per run and engine with seedDemoContent): seeding again here would only repeat the same work.
 */
describeEachDatabase(
  "files and content stay consistent",
  (services) => {
    test("the demo seed refers to every file it stored, and every stored file has a row", async () => {
      const s = services();
      const rows = await s.db.selectFrom("files").select(["id", "storage_key", "variant_widths"]).execute();
      expect(rows.length).toBeGreaterThan(50);
      const uses = await findFileUses(
        s.db,
        rows.map((row) => row.id),
      );
      expect(rows.filter((row) => !uses.has(row.id))).toEqual([]);
      for (const row of rows) {
        for (const key of storageKeysOf(row.storage_key, JSON.parse(row.variant_widths))) {
          await expect(s.storage.exists(key)).resolves.toBe(true);
        }
      }
      // Nothing to sweep in a consistent database, even long after.
      await expect(sweepOrphanFiles(s.db, s.storage, LATER)).resolves.toEqual({ strayFiles: 0 });
    });

    test("stray files are swept once they are old enough; a row nothing uses is left for the file library", async () => {
      const { db, storage } = services();
      const unused = await writeWithFiles(db, storage, (_trx, files) =>
        files.store({
          folder: "sweep",
          extension: "webp",
          contentType: "image/webp",
          body: Buffer.from("x"),
          variants: [{ width: 480, body: Buffer.from("y") }],
        }),
      );
      await storage.put("sweep/stray.bin", Buffer.from("stray"));

      // Young files are left alone: an upload may be in flight.
      await expect(sweepOrphanFiles(db, storage)).resolves.toEqual({ strayFiles: 0 });

      await expect(sweepOrphanFiles(db, storage, LATER)).resolves.toEqual({ strayFiles: 1 });
      await expect(storage.exists("sweep/stray.bin")).resolves.toBe(false);
      for (const key of storageKeysOf(unused.storageKey, [480])) {
        await expect(storage.exists(key)).resolves.toBe(true);
      }
    });
  },
  { demo: true },
);

describeEachDatabase("versioned rows", (services) => {
  test("an update from an old version is refused and a missing row is reported", async () => {
    const { db } = services();
    const stamp = new Date().toISOString();
    await db
      .insertInto("calendar_events")
      .values({
        id: "ev1",
        title: "세션",
        starts_at: stamp,
        ends_at: stamp,
        all_day: 0,
        location: "",
        description: "",
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await expect(updateVersioned(db, "calendar_events", "ev1", 1, { title: "세션 2" })).resolves.toBe(2);
    await expect(updateVersioned(db, "calendar_events", "ev1", 1, { title: "낡은 편집" })).rejects.toMatchObject({
      name: "VersionConflictError",
      currentVersion: 2,
    });
    await expect(deleteVersioned(db, "calendar_events", "ev1", 1)).rejects.toBeInstanceOf(VersionConflictError);
    await deleteVersioned(db, "calendar_events", "ev1", 2);
    await expect(updateVersioned(db, "calendar_events", "ev1", 2, { title: "x" })).rejects.toBeInstanceOf(
      RecordNotFoundError,
    );
  });

  test("reordering needs exactly the current items of the list", async () => {
    const { db } = services();
    const stamp = new Date().toISOString();
    for (const [position, id] of ["g1", "g2", "g3"].entries()) {
      await db
        .insertInto("organization_groups")
        .values({ id, title: id, description: "", position, created_at: stamp, updated_at: stamp })
        .execute();
    }
    await reorder(db, "organization_groups", ["g3", "g1", "g2"]);
    const order = await db.selectFrom("organization_groups").select("id").orderBy("position").execute();
    expect(order.map((row) => row.id)).toEqual(["g3", "g1", "g2"]);
    await expect(reorder(db, "organization_groups", ["g3", "g1"])).rejects.toBeInstanceOf(ListChangedError);
    await expect(reorder(db, "organization_groups", ["g3", "g1", "g1"])).rejects.toBeInstanceOf(ListChangedError);
    await expect(nextPosition(db, "organization_groups")).resolves.toBe(3);
  });
});
