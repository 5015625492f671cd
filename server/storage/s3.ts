import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  assertValidKey,
  type ByteRange,
  contentTypeOf,
  type FileStorage,
  publicUrlOf,
  StorageNotFoundError,
  type StoredFileInfo,
  type StoredObject,
} from "./storage.ts";

/** Where the bucket is and how to reach it (from S3_* and AWS_* in config.ts). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** A self-hosted or other S3-compatible server; AWS itself when unset. */
  endpoint?: string | undefined;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most self-hosted servers). */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (instance role, shared files). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const MiB = 1024 * 1024;

/**
 * Files as objects in one S3-compatible bucket, under the same keys as on disk. The site serves
 * them itself (docs/decisions/0031-object-storage.md), so the bucket stays private.
 */
export class S3Storage implements FileStorage {
  readonly urlPrefix: string;
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly listPageSize: number;

  constructor(settings: S3Settings, options: { urlPrefix?: string; listPageSize?: number } = {}) {
    this.bucket = settings.bucket;
    this.urlPrefix = options.urlPrefix ?? "/uploads";
    this.listPageSize = options.listPageSize ?? 1000;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Newer SDKs add checksum trailers to every upload, which many S3-compatible servers store
      // as part of the object or refuse; TLS already guards the bytes on the way.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // A bucket that does not answer fails the request instead of holding it for good.
      requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
      maxAttempts: 3,
    });
  }

  async put(key: string, body: Readable | Uint8Array): Promise<{ byteSize: number }> {
    assertValidKey(key);
    let byteSize = body instanceof Readable ? 0 : body.byteLength;
    const counted = body instanceof Readable ? Readable.from(countBytes(body, (n) => (byteSize += n))) : body;
    // One PUT for a small file; a large one goes in 5 MiB parts, two at a time, so a stream is
    // never held whole in memory. A failed multipart upload is aborted and never completed.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted, ContentType: contentTypeOf(key) },
      partSize: 5 * MiB,
      queueSize: 2,
    });
    try {
      await upload.done();
    } catch (error) {
      if (body instanceof Readable) body.destroy();
      // The server may have completed the object before the connection failed: a fresh key is
      // never reused, so removing whatever is there is always safe.
      await this.delete(key).catch(() => undefined);
      throw error;
    }
    return { byteSize };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error(`No body for stored object ${key}`);
      return answer.Body;
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(`No stored file: ${key}`);
      throw error;
    }
  }

  async stat(key: string): Promise<StoredFileInfo | undefined> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: head.ContentLength ?? 0,
        lastModified: head.LastModified ?? new Date(0),
        etag: head.ETag ?? `"${key}"`,
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  /** Every object of the bucket, or those whose keys start with `prefix`. */
  async *list(prefix?: string): AsyncIterable<StoredObject> {
    const pages = paginateListObjectsV2(
      { client: this.client, pageSize: this.listPageSize },
      { Bucket: this.bucket, MaxKeys: this.listPageSize, Prefix: prefix },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        // Nothing the site stores has another shape; such an object is not the site's to touch.
        if (!object.Key || !isValidKey(object.Key)) continue;
        yield { key: object.Key, lastModified: object.LastModified ?? new Date() };
      }
    }
  }

  publicUrl(key: string): string {
    return publicUrlOf(this.urlPrefix, key);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      // Only the name and the status: an SDK error carries the request, key id included.
      const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode})` : "";
      throw new Error(`The bucket ${this.bucket} cannot be used: ${(error as Error).name}${status}`);
    }
  }

  close(): void {
    this.client.destroy();
  }
}

async function* countBytes(source: Readable, count: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Uint8Array);
    count(bytes.byteLength);
    yield bytes;
  }
}

function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}
