import exifReader from "exif-reader";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { acceptImage, acceptPdf, uploadLimits } from "#server/domain/files/uploads.ts";
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from "#server/failures.ts";
import { readForm, readJson, TEXT_ONLY } from "#server/http/request-body.ts";
import { photoWithLocation } from "../support/files.ts";

/** A photo as a phone writes it: rotated by EXIF orientation 6, with camera and GPS tags. */
const phonePhoto = () => photoWithLocation({ orientation: 6 });

describe("image uploads", () => {
  test("the source really carries GPS and orientation tags", async () => {
    const meta = await sharp(await phonePhoto()).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif && exifReader(meta.exif).GPSInfo?.GPSLatitude).toBeDefined();
  });

  test("stored images are turned upright and carry no EXIF or GPS", async () => {
    const file = new File([new Uint8Array(await phonePhoto())], "IMG_0001.jpg", {
      type: "image/jpeg",
    });
    const image = await acceptImage(file);
    // Orientation 6 means the camera was turned: the stored picture is 40 wide, 80 high.
    expect([image.width, image.height]).toEqual([40, 80]);
    const stored = await sharp(image.body).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  test("a file that is not an image is refused whatever its name says", async () => {
    const file = new File(["<html>not a picture</html>"], "photo.jpg", { type: "image/jpeg" });
    await expect(acceptImage(file)).rejects.toBeInstanceOf(BadRequestError);
  });

  test("large images get smaller copies for phones", async () => {
    const big = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: "#ccc" },
    })
      .png()
      .toBuffer();
    const image = await acceptImage(new File([new Uint8Array(big)], "wide.png"));
    expect(image.width).toBe(2000);
    expect(image.variants.map((variant) => variant.width)).toEqual([480, 960, 1440]);
  });
});

describe("PDF uploads", () => {
  test("must start with %PDF-", async () => {
    await expect(acceptPdf(new File(["%PDF-1.7\n..."], "a.pdf"))).resolves.toBeInstanceOf(Uint8Array);
    await expect(acceptPdf(new File(["GIF89a"], "renamed.pdf"))).rejects.toBeInstanceOf(BadRequestError);
  });

  /** A one-page PDF; `change` may add to it before it is saved (object streams, as most writers do). */
  async function pdf(change?: (document: PDFDocument) => void, objectStreams = true): Promise<Uint8Array> {
    const document = await PDFDocument.create();
    document.addPage([200, 200]).drawText("KERNEL", { x: 20, y: 100 });
    change?.(document);
    return document.save({ useObjectStreams: objectStreams });
  }
  const openingScript = (document: PDFDocument) =>
    document.catalog.set(
      PDFName.of("OpenAction"),
      document.context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert(1)") }),
    );
  const launchingLink = (document: PDFDocument) => {
    const link = document.context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [0, 0, 100, 100],
      A: { S: "Launch", F: PDFString.of("calc.exe") },
    });
    document.getPage(0).node.set(PDFName.of("Annots"), document.context.obj([document.context.register(link)]));
  };
  const refusal = (bytes: Uint8Array) =>
    acceptPdf(new File([bytes.slice()], "magazine.pdf")).then(
      () => "accepted",
      (error: Error) => error.message,
    );

  test("a plain document is accepted; one with a script or a launch action is refused, saying why", async () => {
    expect(await refusal(await pdf())).toBe("accepted");
    expect(await refusal(await pdf(openingScript))).toContain("스크립트(JavaScript)");
    expect(await refusal(await pdf(openingScript, false))).toContain("스크립트(JavaScript)");
    expect(await refusal(await pdf(launchingLink))).toContain("프로그램을 실행하는 동작");
    // Document-level scripts are listed in the catalog's name tree.
    const named = await pdf((document) =>
      document.catalog.set(
        PDFName.of("Names"),
        document.context.obj({ JavaScript: { Names: [PDFString.of("init"), { S: "JavaScript", JS: "1" }] } }),
      ),
    );
    expect(await refusal(named)).toContain("JavaScript");
  });

  test("a disguised name or an unreadable file does not slip through", async () => {
    const plain = Buffer.from(await pdf(openingScript, false)).toString("latin1");
    expect(plain).toContain("/S /JavaScript");
    const escaped = Buffer.from(
      plain.replace("/S /JavaScript", "/S /J#61va#53cript").replace("/JS ", "/J#53 "),
      "latin1",
    );
    expect(await refusal(new Uint8Array(escaped))).toContain("JavaScript");
    const broken = new TextEncoder().encode("%PDF-1.7\n<< /OpenAction << /S /Launch >> garbage");
    expect(await refusal(broken)).toContain("프로그램을 실행하는 동작");
  });
});

describe("the one body reader", () => {
  const IMAGES = { maxFileBytes: uploadLimits.imageBytes, maxFiles: 20 };
  function multipart(parts: Record<string, Blob | string>): Request {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) form.append(name, value);
    return new Request("http://club.test/upload", { method: "POST", body: form });
  }

  test("reads fields and files", async () => {
    const form = await readForm(multipart({ title: "제목", image: new File(["abc"], "a.png") }), IMAGES);
    expect(form.get("title")).toBe("제목");
    expect(form.get("image")).toBeInstanceOf(File);
  });

  test("a file over the limit answers 413 with a clear message", async () => {
    const request = multipart({ image: new File([new Uint8Array(2048)], "big.png") });
    const reading = readForm(request, { maxFileBytes: 1024, maxFiles: 1 });
    await expect(reading).rejects.toBeInstanceOf(PayloadTooLargeError);
    await expect(reading).rejects.toMatchObject({ status: 413 });
  });

  test("a form that takes no files refuses one", async () => {
    const request = multipart({ title: "제목", image: new File(["abc"], "a.png") });
    await expect(readForm(request, TEXT_ONLY)).rejects.toMatchObject({ status: 413 });
  });

  test("a request declaring more than the total limit is refused before it is read", async () => {
    const request = new Request("http://club.test/upload", {
      method: "POST",
      headers: {
        "content-length": String(uploadLimits.imageBytes * 40),
        "content-type": "multipart/form-data; boundary=x",
      },
      body: "--x--",
    });
    await expect(readForm(request, IMAGES)).rejects.toBeInstanceOf(PayloadTooLargeError);
  });

  test("a URL-encoded body, which carries no files, is held to the text limit while it streams in", async () => {
    // 150 MB of `title=aaa…` without a declared length: within a form of twenty 10 MB pictures'
    // total, but a URL-encoded form carries text only, so its reading stops past 11 MB.
    const total = 150 * 1024 * 1024;
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("title="));
      },
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://club.test/admin/api/articles", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit);
    await expect(readForm(request, IMAGES)).rejects.toMatchObject({ status: 413 });
    expect(pulled).toBeLessThan(uploadLimits.textBytes + 2 * 1024 * 1024);

    // Declared, the same length is refused before a byte is read.
    const declared = new Request("http://club.test/admin/api/articles", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(total) },
      body: "title=a",
    });
    await expect(readForm(declared, IMAGES)).rejects.toMatchObject({ status: 413 });
  });

  test("JSON where a form is expected is 415; a cut-off multipart body is 400", async () => {
    const json = new Request("http://club.test/upload", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"title":"x"}',
    });
    await expect(readForm(json, TEXT_ONLY)).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
    const truncated = new Request("http://club.test/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=abc" },
      body: '--abc\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf',
    });
    await expect(readForm(truncated, TEXT_ONLY)).rejects.toBeInstanceOf(BadRequestError);
    const noBoundary = new Request("http://club.test/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data" },
      body: "x",
    });
    await expect(readForm(noBoundary, TEXT_ONLY)).rejects.toMatchObject({ status: 400 });
  });

  test("JSON bodies: bounded, parsed, typed", async () => {
    const post = (body: string, type = "application/json") =>
      new Request("http://club.test/api", {
        method: "POST",
        headers: { "content-type": type },
        body,
      });
    await expect(readJson(post('{"path":"/"}'), 100)).resolves.toEqual({ path: "/" });
    await expect(readJson(post('{"path":"/"}', "text/plain"), 100)).resolves.toEqual({ path: "/" });
    await expect(readJson(post("{"), 100)).rejects.toBeInstanceOf(BadRequestError);
    await expect(readJson(post(`"${"x".repeat(200)}"`), 100)).rejects.toBeInstanceOf(PayloadTooLargeError);
    await expect(readJson(post("a=b", "application/x-www-form-urlencoded"), 100)).rejects.toMatchObject({
      status: 415,
    });
  });
});
