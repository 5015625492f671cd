import { Readable } from "node:stream";
import { buffer, text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { writeWithFiles } from "#server/domain/files/files.ts";
import { sweepOrphanFiles } from "#server/domain/files/sweep.ts";
import { S3Storage } from "#server/storage/s3.ts";
import { newStorageKey, StorageNotFoundError } from "#server/storage/storage.ts";
import { type S3rverProcess, startS3rver } from "../../scripts/lib/s3rver.ts";
import { openTestServices } from "./support/databases.ts";

const MiB = 1024 * 1024;

/** Bytes that differ at every position, so a misplaced range or part shows. */
function patterned(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index + 4 <= size; index += 4) bytes.writeUInt32LE(index, index);
  return bytes;
}

/** A stream that sends `before` bytes and then fails, as an upload cut off mid-way. */
function failingStream(before: number): Readable {
  return Readable.from(
    (async function* () {
      yield patterned(before);
      throw new Error("the upload was cut off");
    })(),
  );
}

async function listedKeys(storage: S3Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
}

describe("S3 storage against a real S3-compatible server", () => {
  let server: S3rverProcess;
  let storage: S3Storage;
  let bucketCount = 0;

  /** A storage on a bucket of its own, so each test sees only its own objects. */
  async function freshStorage(listPageSize?: number): Promise<S3Storage> {
    bucketCount += 1;
    const bucket = `test-${bucketCount}`;
    const { CreateBucketCommand, S3Client } = await import("@aws-sdk/client-s3");
    const client = new S3Client({
      region: "us-east-1",
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();
    return new S3Storage(
      {
        bucket,
        region: "us-east-1",
        endpoint: server.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
      },
      { listPageSize },
    );
  }

  beforeAll(async () => {
    server = await startS3rver();
    storage = await freshStorage();
  });
  afterAll(async () => {
    storage?.close();
    await server?.stop();
  });

  test("puts, reads, reads a range, states, deletes", async () => {
    const key = newStorageKey("notes", "txt");
    await expect(storage.put(key, Buffer.from("안녕하세요, 동아리"))).resolves.toEqual({ byteSize: 26 });
    await expect(text(await storage.get(key))).resolves.toBe("안녕하세요, 동아리");
    // Five Hangul syllables are 15 bytes; the comma and the space follow.
    await expect(buffer(await storage.get(key, { start: 15, end: 16 }))).resolves.toEqual(Buffer.from(", "));
    const info = await storage.stat(key);
    expect(info).toMatchObject({ size: 26, etag: expect.stringMatching(/^"[0-9a-f]{32}"$/) });
    expect(Math.abs((info?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    await expect(storage.exists(key)).resolves.toBe(true);

    await storage.delete(key);
    await expect(storage.exists(key)).resolves.toBe(false);
    await expect(storage.stat(key)).resolves.toBeUndefined();
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    // Deleting what is not there is no error.
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  test("the start check passes for the bucket and names a missing one without the keys", async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    const missing = new S3Storage({
      bucket: "no-such-bucket",
      region: "us-east-1",
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    });
    const error = await missing.check().then(
      () => undefined,
      (reason: Error) => reason,
    );
    expect(error?.message).toMatch(/^The bucket no-such-bucket cannot be used: .+ \(HTTP 404\)$/);
    expect(error?.message).not.toContain(server.accessKeyId);
    missing.close();
  });

  test("keys with Hangul and spaces keep their name and their address", async () => {
    const key = "archive/odaeho/1/KERNEL odaeho 2024 봄.pdf";
    await storage.put(key, Buffer.from("%PDF-1.7\n"));
    await expect(text(await storage.get(key))).resolves.toBe("%PDF-1.7\n");
    expect(storage.publicUrl(key)).toBe("/uploads/archive/odaeho/1/KERNEL%20odaeho%202024%20%EB%B4%84.pdf");
    await storage.delete(key);
  });

  test("a stream larger than one part is sent in parts and comes back whole", async () => {
    const bytes = patterned(12 * MiB + 3);
    const key = newStorageKey("large", "pdf");
    const chunks = [bytes.subarray(0, 4 * MiB), bytes.subarray(4 * MiB, 9 * MiB), bytes.subarray(9 * MiB)];
    await expect(storage.put(key, Readable.from(chunks))).resolves.toEqual({ byteSize: bytes.length });
    expect((await buffer(await storage.get(key))).equals(bytes)).toBe(true);
    const end = bytes.length - 1;
    const tail = await buffer(await storage.get(key, { start: end - 99, end }));
    expect(tail.equals(bytes.subarray(end - 99))).toBe(true);
    await storage.delete(key);
  });

  test("a put that fails leaves nothing under its key, in one request or in parts", async () => {
    const own = await freshStorage();
    const small = newStorageKey("failed", "bin");
    const large = newStorageKey("failed", "bin");
    await expect(own.put(small, failingStream(1000))).rejects.toThrow();
    await expect(own.put(large, failingStream(6 * MiB))).rejects.toThrow();
    await expect(own.exists(small)).resolves.toBe(false);
    await expect(own.exists(large)).resolves.toBe(false);
    await expect(listedKeys(own)).resolves.toEqual([]);
    own.close();
  });

  test("the listing goes through every page of the bucket", async () => {
    const own = await freshStorage(2);
    const keys = Array.from({ length: 7 }, (_, index) => `list/${index}/${index}.txt`);
    await Promise.all(keys.map((key) => own.put(key, Buffer.from(key))));
    await expect(listedKeys(own)).resolves.toEqual([...keys].sort());
    own.close();
  });

  test("a failed write deletes the objects it stored; a committed removal deletes its object", async () => {
    const { services, close } = await openTestServices("sqlite");
    try {
      const { db } = services;
      let key = "";
      await expect(
        writeWithFiles(db, storage, async (_trx, files) => {
          const stored = await files.store({
            folder: "notes",
            extension: "txt",
            contentType: "text/plain",
            body: Readable.from(["half"]),
          });
          key = stored.storageKey;
          throw new Error("the content row could not be written");
        }),
      ).rejects.toThrow("could not be written");
      await expect(storage.exists(key)).resolves.toBe(false);

      const kept = await writeWithFiles(db, storage, (_trx, files) =>
        files.store({ folder: "notes", extension: "txt", contentType: "text/plain", body: Buffer.from("kept") }),
      );
      await expect(storage.exists(kept.storageKey)).resolves.toBe(true);
      await writeWithFiles(db, storage, (_trx, files) => files.remove(kept.id));
      await expect(storage.exists(kept.storageKey)).resolves.toBe(false);
    } finally {
      await close();
    }
  });

  test("the orphan sweep removes old objects no row names, and keeps the rest", async () => {
    const own = await freshStorage(2);
    const { services, close } = await openTestServices("sqlite");
    try {
      const owned = await writeWithFiles(services.db, own, (_trx, files) =>
        files.store({ folder: "kept", extension: "txt", contentType: "text/plain", body: Buffer.from("a") }),
      );
      const strays = ["stray/1.txt", "stray/2.txt", "stray/3.txt"];
      for (const key of strays) await own.put(key, Buffer.from("left by a crash"));
      // Seen from two hours on, every object is past the grace period.
      const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
      await expect(sweepOrphanFiles(services.db, own, later)).resolves.toEqual({ strayFiles: 3 });
      await expect(listedKeys(own)).resolves.toEqual([owned.storageKey]);
    } finally {
      own.close();
      await close();
    }
  });
});
