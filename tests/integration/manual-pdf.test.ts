import { createRequire } from "node:module";
import { dirname } from "node:path";
import { parse as parseContentDisposition } from "content-disposition";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { RouterContextProvider } from "react-router";
import { beforeAll, expect, test } from "vitest";
import { loader as manualFileLoader } from "#app/routes/resources/manual-file.ts";
import {
  demoSiteSettings,
  getSiteSettings,
  hasSiteSettings,
  saveSiteSettings,
} from "#server/domain/site-settings/site-settings.ts";
import { servicesContext } from "#server/http/router-context.ts";
import { MANUAL_PDF_FILE, MANUAL_PDF_PATH, manualChapters } from "#shared/admin-manual.ts";
import { plainText } from "#shared/manual-markup.ts";
import { describeEachDatabase, type TestServices } from "./support/databases.ts";

/** Calls the route's loader as the request handler would. */
function get(services: TestServices, file: string, init: RequestInit = {}) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  const request = new Request(`http://club.test/manuals/${file}`, init);
  return manualFileLoader({ request, url: new URL(request.url), params: { file }, context, pattern: "" } as never);
}

/** Courier's metrics, which pdf.js reads from its own package. */
const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

/** The text of every page, as a PDF reader extracts it (what a reader can search and copy). */
async function pdfPages(body: Uint8Array): Promise<string[]> {
  const loading = getDocument({ data: body, standardFontDataUrl });
  const document = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(""));
  }
  await loading.destroy();
  return pages;
}

describeEachDatabase("the managers' manual as a PDF", (services) => {
  beforeAll(async () => {
    const { db } = services();
    if (!(await hasSiteSettings(db))) await saveSiteSettings(db, demoSiteSettings("http://club.test"), undefined);
  });

  test("is the manual's own text, every chapter, with the club's name in the file name", async () => {
    const response = await get(services(), MANUAL_PDF_FILE);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const { clubName } = (await getSiteSettings(services().db)).value;
    expect(parseContentDisposition(response.headers.get("content-disposition") ?? "")).toMatchObject({
      type: "attachment",
      parameters: { filename: `${clubName} 관리자 매뉴얼.pdf` },
    });
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    const body = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(body.length);

    const pages = await pdfPages(body);
    expect(pages.length).toBeGreaterThan(3);
    const text = pages.join("\n");
    // The first page names the club and lists the chapters; each chapter's heading and words follow.
    expect(pages[0]?.replaceAll(/\s/g, "")).toContain(`${clubName}관리자매뉴얼`);
    for (const chapter of manualChapters) {
      expect(pages[0]).toContain(chapter.title);
      const firstParagraph = chapter.blocks.find((block) => block.kind === "paragraph");
      if (firstParagraph?.kind === "paragraph") {
        // Lines break anywhere in Korean text: compare without spaces.
        const words = plainText(firstParagraph.text).replaceAll(/\s/g, "").slice(0, 40);
        expect(text.replaceAll(/\s/g, ""), chapter.title).toContain(words);
      }
    }
    expect(text).toContain("/admin/login");
  });

  test("revalidates by its digest in every form of If-None-Match; HEAD has the headers and no body", async () => {
    const first = await get(services(), MANUAL_PDF_FILE);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    await first.body?.cancel();
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await get(services(), MANUAL_PDF_FILE, { headers: { "if-none-match": tag } });
      expect(again.status, tag).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
    }
    const changed = await get(services(), MANUAL_PDF_FILE, { headers: { "if-none-match": '"other"' } });
    expect(changed.status).toBe(200);
    await changed.body?.cancel();

    const head = await get(services(), MANUAL_PDF_FILE, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(first.headers.get("content-length"));
    expect(head.body).toBeNull();
  });

  test("any other name is a 404", async () => {
    expect(MANUAL_PDF_PATH).toBe(`/manuals/${MANUAL_PDF_FILE}`);
    for (const name of ["manual.pdf", "club-admin-manual.PDF", "..%2Fpackage.json"]) {
      const response = await get(services(), name);
      expect(response.status, name).toBe(404);
      await response.body?.cancel();
    }
  });
});
