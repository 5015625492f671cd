import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { writeWithFiles } from "#server/domain/files/files.ts";
import { createHttpApp } from "#server/http/app.ts";
import { S3Storage } from "#server/storage/s3.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { type S3rverProcess, startS3rver } from "../../scripts/lib/s3rver.ts";
import { request } from "./support/built-site.ts";
import { openTestServices } from "./support/databases.ts";

/** 1000 bytes, each the last digit of its position: a range's bytes can be told apart. */
const body = Buffer.from(Array.from({ length: 1000 }, (_, index) => String(index % 10)).join(""));

/**
 * Uploaded files answer alike from either storage: the same headers, ranges for PDF viewers,
 * conditional requests, HEAD and 404s. Each storage serves through the real HTTP app.
 */
describe.each(["disk", "s3"] as const)("uploaded files served from %s storage", (kind) => {
  let s3: S3rverProcess | undefined;
  let server: Server;
  let base = "";
  let url = "";
  let pdfUrl = "";
  let close = async () => {};

  beforeAll(async () => {
    const opened = await openTestServices("sqlite");
    let storage: FileStorage = opened.services.storage;
    if (kind === "s3") {
      s3 = await startS3rver();
      storage = new S3Storage({
        bucket: s3.bucket,
        region: "us-east-1",
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      });
    }
    const services = { ...opened.services, storage };
    const store = (extension: string, contentType: string, bytes: Buffer) =>
      writeWithFiles(services.db, storage, (_trx, files) =>
        files.store({ folder: "served", extension, contentType, body: bytes }),
      );
    url = (await store("txt", "text/plain", body)).url;
    pdfUrl = (await store("pdf", "application/pdf", Buffer.concat([Buffer.from("%PDF-1.7\n"), body]))).url;
    server = createHttpApp({ services, pageHandler: (_req, res) => void res.status(404).end("page") }).listen(
      0,
      "127.0.0.1",
    );
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      storage.close?.();
      await s3?.stop();
      await opened.close();
    };
  });
  afterAll(() => close());

  test("a file comes whole, cached for good, with its type and validators", async () => {
    const response = await fetch(base + url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("content-length")).toBe("1000");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("etag")).toMatch(/^(W\/)?".+"$/);
    expect(Date.parse(response.headers.get("last-modified") ?? "")).not.toBeNaN();
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("a PDF is served sandboxed and in the ranges a viewer asks for", async () => {
    const whole = await fetch(base + pdfUrl);
    expect(whole.headers.get("content-type")).toBe("application/pdf");
    expect(whole.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
    const part = await fetch(base + pdfUrl, { headers: { range: "bytes=0-8" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 0-8/1009");
    await expect(part.text()).resolves.toBe("%PDF-1.7\n");
  });

  test("a byte range, an open-ended one and a suffix come as 206 with their bytes", async () => {
    const middle = await fetch(base + url, { headers: { range: "bytes=123-130" } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("content-range")).toBe("bytes 123-130/1000");
    expect(middle.headers.get("content-length")).toBe("8");
    await expect(middle.text()).resolves.toBe("34567890");

    const open = await fetch(base + url, { headers: { range: "bytes=995-" } });
    expect(open.headers.get("content-range")).toBe("bytes 995-999/1000");
    await expect(open.text()).resolves.toBe("56789");

    const suffix = await fetch(base + url, { headers: { range: "bytes=-3" } });
    expect(suffix.headers.get("content-range")).toBe("bytes 997-999/1000");
    await expect(suffix.text()).resolves.toBe("789");
  });

  test("a range past the end is 416; several ranges or a stale If-Range get the whole file", async () => {
    const past = await fetch(base + url, { headers: { range: "bytes=5000-6000" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */1000");

    const several = await fetch(base + url, { headers: { range: "bytes=0-1,500-501" } });
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(1000);

    const stale = await fetch(base + url, { headers: { range: "bytes=0-1", "if-range": '"another-version"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  test("conditional requests: 304 for a copy still current, 412 for a version that is not", async () => {
    const first = await fetch(base + url);
    await first.arrayBuffer();
    const etag = first.headers.get("etag") ?? "";
    const lastModified = first.headers.get("last-modified") ?? "";

    // As a browser revalidates, with the validators of the copy it keeps.
    const byTag = await request(base + url, { headers: { "if-none-match": etag } });
    expect(byTag.status).toBe(304);
    expect(byTag.body).toBe("");
    const byDate = await request(base + url, { headers: { "if-modified-since": lastModified } });
    expect(byDate.status).toBe(304);
    const ranged = await fetch(base + url, { headers: { range: "bytes=0-1", "if-range": etag } });
    expect(ranged.status).toBe(206);
    await ranged.arrayBuffer();

    const mismatch = await fetch(base + url, { headers: { "if-match": '"another-version"' } });
    expect(mismatch.status).toBe(412);
  });

  test("HEAD answers the headers alone; unknown and malformed addresses are 404", async () => {
    const head = await fetch(base + url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("1000");
    await expect(head.text()).resolves.toBe("");

    for (const path of ["/uploads/served/nothing.txt", "/uploads/.partial-x", "/uploads/%2e%2e/club.db", "/uploads/"]) {
      const missing = await fetch(base + path);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get("cache-control") ?? "", path).not.toContain("immutable");
      await missing.arrayBuffer();
    }
  });
});
