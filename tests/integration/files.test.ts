import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { expect, test } from "vitest";
import { findFile, writeWithFiles } from "../../server/domain/files/files.ts";
import { describeEachDatabase } from "./support/databases.ts";

describeEachDatabase("files and their rows", (services) => {
  test("a stored file has a row, a public address and its bytes", async () => {
    const { db, storage } = services();
    const stored = await writeWithFiles(db, storage, (_trx, files) =>
      files.store({
        folder: "notes",
        extension: "txt",
        contentType: "text/plain",
        body: Readable.from(["안녕하세요"]),
      }),
    );
    expect(stored.url).toMatch(/^\/uploads\/notes\/[0-9a-f]{32}\.txt$/);
    await expect(text(await storage.get(stored.storageKey))).resolves.toBe("안녕하세요");
    await expect(findFile(db, storage, stored.id)).resolves.toMatchObject({ byteSize: 15 });
  });

  test("a failed write removes the files it stored and keeps no row", async () => {
    const { db, storage } = services();
    let key = "";
    await expect(
      writeWithFiles(db, storage, async (_trx, files) => {
        const stored = await files.store({
          folder: "notes",
          extension: "txt",
          contentType: "text/plain",
          body: Buffer.from("half"),
        });
        key = stored.storageKey;
        throw new Error("the content row could not be written");
      }),
    ).rejects.toThrow("could not be written");
    await expect(storage.exists(key)).resolves.toBe(false);
    const rows = await db.selectFrom("files").select("id").where("storage_key", "=", key).execute();
    expect(rows).toEqual([]);
  });

  test("a removed file disappears only after the write commits", async () => {
    const { db, storage } = services();
    const stored = await writeWithFiles(db, storage, (_trx, files) =>
      files.store({
        folder: "notes",
        extension: "txt",
        contentType: "text/plain",
        body: Buffer.from("x"),
      }),
    );
    await expect(
      writeWithFiles(db, storage, async (_trx, files) => {
        await files.remove(stored.id);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await expect(storage.exists(stored.storageKey)).resolves.toBe(true);

    await writeWithFiles(db, storage, (_trx, files) => files.remove(stored.id));
    await expect(storage.exists(stored.storageKey)).resolves.toBe(false);
    await expect(findFile(db, storage, stored.id)).resolves.toBeUndefined();
  });
});
