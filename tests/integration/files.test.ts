import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { expect, test } from "vitest";
import { type FileChanges, findFile, variantKey, writeWithFiles } from "#server/domain/files/files.ts";
import { describeEachDatabase } from "./support/databases.ts";

/** A small text file under "notes". */
const storeNote = (files: FileChanges, body: Buffer | Readable) =>
  files.store({ folder: "notes", extension: "txt", contentType: "text/plain", body });

describeEachDatabase("files and their rows", (services) => {
  test("a stored file has a row, a public address and its bytes", async () => {
    const { db, storage } = services();
    const stored = await writeWithFiles(db, storage, (_trx, files) => storeNote(files, Readable.from(["안녕하세요"])));
    expect(stored.url).toMatch(/^\/uploads\/notes\/[0-9a-f]{32}\.txt$/);
    await expect(text(await storage.get(stored.storageKey))).resolves.toBe("안녕하세요");
    await expect(findFile(db, storage, stored.id)).resolves.toMatchObject({ byteSize: 15 });
  });

  test("a failed write removes the files it stored and keeps no row", async () => {
    const { db, storage } = services();
    let key = "";
    await expect(
      writeWithFiles(db, storage, async (_trx, files) => {
        const stored = await storeNote(files, Buffer.from("half"));
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
    const stored = await writeWithFiles(db, storage, (_trx, files) => storeNote(files, Buffer.from("x")));
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

  test("a copy is a new file of its own, with the same bytes and smaller copies", async () => {
    const { db, storage } = services();
    const original = await writeWithFiles(db, storage, (_trx, files) =>
      files.store({
        folder: "pictures",
        extension: "webp",
        contentType: "image/webp",
        body: Buffer.from("full"),
        originalName: "사진.webp",
        width: 960,
        height: 640,
        variants: [{ width: 480, body: Buffer.from("half") }],
      }),
    );
    const copy = await writeWithFiles(db, storage, (_trx, files) =>
      files.copy(original.id, { folder: "pictures/again", fileName: "renamed.webp" }),
    );
    expect(copy).toMatchObject({
      storageKey: "pictures/again/renamed.webp",
      contentType: "image/webp",
      width: 960,
      height: 640,
      variantWidths: [480],
    });
    expect(copy.id).not.toBe(original.id);
    await expect(text(await storage.get(copy.storageKey))).resolves.toBe("full");
    await expect(text(await storage.get(variantKey(copy.storageKey, 480)))).resolves.toBe("half");
    const row = await db.selectFrom("files").select("original_name").where("id", "=", copy.id).executeTakeFirst();
    expect(row?.original_name).toBe("사진.webp");

    // A copy that fails with its write leaves nothing behind.
    await expect(
      writeWithFiles(db, storage, async (_trx, files) => {
        await files.copy(original.id, { folder: "pictures/lost", fileName: "lost.webp" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await expect(storage.exists("pictures/lost/lost.webp")).resolves.toBe(false);
    await expect(storage.exists("pictures/lost/lost-w480.webp")).resolves.toBe(false);
  });
});
