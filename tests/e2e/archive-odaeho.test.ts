import { describe, expect, test } from "vitest";
import { odaehoIssues } from "#server/seed/demo-content.ts";
import { baseURL, consoleErrorsOf, launchBrowser, setupBrowser, viewports } from "./support/browser.ts";

const { newPage } = setupBrowser();

/** The managers' order of the demo club: newest issue first. */
const titlesInOrder = [...odaehoIssues].reverse().map((issue) => issue.title);

describe("/archive/odaeho", () => {
  test("the server renders every issue in the managers' order with sized covers", async () => {
    const response = await fetch(`${baseURL()}/archive/odaeho`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const headings = [...html.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((match) => match[1]);
    expect(headings).toEqual(titlesInOrder);
    for (const issue of odaehoIssues) expect(html).toContain(issue.description);
    const covers = [...html.matchAll(/<img[^>]*>/g)].map((match) => match[0]);
    const sized = covers.filter((tag) => /width="\d+"/.test(tag) && /height="\d+"/.test(tag));
    expect(sized.length).toBeGreaterThanOrEqual(odaehoIssues.length);
    expect(html).toContain("<title>오대호 | KERNEL</title>");
  });

  test("lists the issues in a browser, with sizes and no console errors", async () => {
    const page = await newPage({ viewport: viewports.phone });
    await page.goto("/archive/odaeho");
    const titles = await page.locator("main article h3").allInnerTexts();
    expect(titles).toEqual(titlesInOrder);
    await expect(page.getByText(/^PDF · [\d.]+ KB$/).count()).resolves.toBe(odaehoIssues.length);
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("each issue's PDF opens in the browser and can be saved", async () => {
    const page = await newPage();
    await page.goto("/archive/odaeho");
    const readLinks = page.getByRole("link", { name: / PDF 보기$/ });
    await expect(readLinks.count()).resolves.toBe(odaehoIssues.length);
    for (const href of await readLinks.evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))) {
      const response = await fetch(`${baseURL()}${href}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("application/pdf");
      // No attachment disposition: the browser shows the PDF itself, sandboxed, in an origin of
      // its own, so nothing inside it can act as the site.
      expect(response.headers.get("content-disposition")).toBeNull();
      expect(response.headers.get("content-security-policy")).toMatch(/^sandbox;/);
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }

    // Sandboxed as it is, the magazine opens in Chromium's own PDF viewer (a part of the whole
    // browser, which the suite's headless shell leaves out).
    const [firstHref = ""] = await readLinks.evaluateAll((links) =>
      links.map((link) => link.getAttribute("href") ?? ""),
    );
    const whole = await launchBrowser({ whole: true });
    try {
      const reader = await whole.newPage({ baseURL: baseURL() });
      await reader.goto(firstHref);
      await expect
        .poll(async () => {
          const viewer = reader.frames().find((frame) => frame.url().startsWith("chrome-extension://"));
          return viewer ? viewer.evaluate(() => document.querySelector("pdf-viewer") !== null) : false;
        })
        .toBe(true);
    } finally {
      await whole.close();
    }

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: `${titlesInOrder[0]} 내려받기` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`KERNEL odaeho ${titlesInOrder[0]}.pdf`);
  });
});
