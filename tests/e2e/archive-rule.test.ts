import { parse as parseContentDisposition } from "content-disposition";
import { describe, expect, test } from "vitest";
import { rulesText } from "#server/seed/demo-content.ts";
import { baseURL, consoleErrorsOf, setupBrowser, viewports } from "./support/browser.ts";

const { newPage } = setupBrowser();

describe("/archive/rule", () => {
  test("the server renders the rules text and the PDF downloads from the database", async () => {
    const response = await fetch(`${baseURL()}/archive/rule`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>회칙<\/h1>/);
    for (const chapter of rulesText.chapters) expect(html).toContain(`<h2>${chapter.title}</h2>`);
    expect(html).toContain(rulesText.chapters[0]?.articles[0]);
    expect(html).toContain('href="/rules/KERNEL-rules.pdf"');
    expect(html).toContain('href="/rules/KERNEL-fee-rules.pdf"');
    expect(html).toContain("<title>회칙 | KERNEL</title>");
  });

  test("reads before scripts load and without console errors once they do", async () => {
    const noScript = await newPage({ javaScriptEnabled: false, viewport: viewports.phone });
    await noScript.goto("/archive/rule");
    await expect.poll(() => noScript.getByRole("heading", { name: "제2장 회원" }).isVisible()).toBe(true);

    const page = await newPage();
    await page.goto("/archive/rule");
    await page.getByRole("heading", { name: "회칙 파일" }).waitFor();
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("a download link saves the PDF under its name", async () => {
    const page = await newPage();
    await page.goto("/archive/rule");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "KERNEL 회칙 (PDF) 내려받기" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("KERNEL-rules.pdf");
  });
});

describe("/rules/{fileName}", () => {
  test("streams the stored PDF as a download with a cache header", async () => {
    for (const name of ["KERNEL-rules.pdf", "KERNEL-fee-rules.pdf"]) {
      const response = await fetch(`${baseURL()}/rules/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(parseContentDisposition(response.headers.get("content-disposition") ?? "")).toEqual({
        type: "attachment",
        parameters: { filename: name },
      });
      expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
  });

  test("an unknown name is 404", async () => {
    for (const name of ["nothing.pdf", "%ED%9A%8C%EC%B9%99.pdf", "..%2Fclub.db"]) {
      const response = await fetch(`${baseURL()}/rules/${name}`);
      expect(response.status).toBe(404);
      await response.body?.cancel();
    }
  });
});
