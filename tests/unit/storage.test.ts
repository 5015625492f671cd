import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LocalDiskStorage } from "#server/storage/local-disk.ts";
import { InvalidStorageKeyError, newStorageKey, StorageNotFoundError } from "#server/storage/storage.ts";

describe("local disk storage", () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "club-storage-"));
    storage = new LocalDiskStorage(path.join(root, "uploads"));
    await writeFile(path.join(root, "secret.txt"), "do not serve");
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  test("puts, gets, lists and deletes a file", async () => {
    const key = newStorageKey("archive/odaeho/abc", "pdf");
    await storage.put(key, Buffer.from("%PDF-1.7"));
    await expect(text(await storage.get(key))).resolves.toBe("%PDF-1.7");
    const keys: string[] = [];
    for await (const listed of storage.list()) keys.push(listed.key);
    expect(keys).toEqual([key]);
    await storage.delete(key);
    await expect(storage.exists(key)).resolves.toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  test.each(["../secret.txt", "a/../../secret.txt", "/etc/passwd", "a//b", ".hidden/x", "a/./b", "a\\b", ""])(
    "refuses the key %j",
    async (key) => {
      await expect(storage.put(key, Buffer.from("x"))).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );

  test("public addresses are URL-encoded per segment", () => {
    expect(storage.publicUrl("archive/odaeho/1/KERNEL odaeho 2024 봄.pdf")).toBe(
      "/uploads/archive/odaeho/1/KERNEL%20odaeho%202024%20%EB%B4%84.pdf",
    );
  });
});
