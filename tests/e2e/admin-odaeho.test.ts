import { describe, expect, test } from "vitest";
import * as lists from "./admin-lists.ts";
import { consoleErrorsOf, setupBrowser } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();
const PATH = "/admin/manage-odaeho";
const MISSING = "Upload Failed! Thumbnail Image or PDF file is not defined!";

describe("manage-odaeho", () => {
  test("add with cover and PDF, see it first on the archive, rename, reorder, delete", async () => {
    const page = await lists.openAdminPage(await newPage(), PATH);
    await lists.slowUploads(page);
    const add = page.getByRole("form", { name: "새 호 추가" });
    const demoTitles = await lists.titlesOf(page.getByRole("list", { name: "오대호 목록 순서" }));

    for (const title of ["e2e 오대호 봄호", "e2e 오대호 가을호"]) {
      await add.getByLabel("제목").fill(title);
      await add.getByLabel("발행일").fill("2030-04-01");
      await add.getByLabel("설명").fill(`${title} 설명`);
      await add.getByLabel("표지 이미지").setInputFiles(await lists.photoFile("cover.jpg", 600));
      await add.getByLabel("PDF 파일").setInputFiles(lists.pdfFile("scan.pdf", title));
      await lists.submitWithProgress(page, add, "호 추가", `'${title}' 오대호 회지가 추가되었습니다`);
    }
    const list = page.getByRole("list", { name: "오대호 목록 순서" });
    await expect.poll(() => lists.titlesOf(list)).toEqual(["e2e 오대호 가을호", "e2e 오대호 봄호", ...demoTitles]);

    // The archive shows the newest addition first, its PDF saved under the spec's name.
    const visitor = await newPage();
    await visitor.goto("/archive/odaeho");
    await expect
      .poll(() => visitor.locator("main article h3").allInnerTexts())
      .toEqual(["e2e 오대호 가을호", "e2e 오대호 봄호", ...demoTitles]);
    const download = visitor.getByRole("link", { name: "e2e 오대호 봄호 내려받기" });
    await expect.poll(() => download.getAttribute("download")).toBe("KERNEL odaeho e2e 오대호 봄호.pdf");
    const pdf = await page.request.get((await download.getAttribute("href")) ?? "");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // A new title renames the PDF.
    await page
      .getByRole("article", { name: "e2e 오대호 봄호", exact: true })
      .getByRole("button", { name: "수정" })
      .click();
    const edit = page.getByRole("form", { name: "'e2e 오대호 봄호' 회지 수정" });
    await edit.getByText("지금 파일: KERNEL odaeho e2e 오대호 봄호.pdf").waitFor();
    await edit.getByLabel("제목").fill("e2e 오대호 봄 특별호");
    await edit.getByRole("button", { name: "저장" }).click();
    await page.getByRole("status").filter({ hasText: "'e2e 오대호 봄 특별호' 오대호 회지가 수정되었습니다" }).waitFor();
    await visitor.reload();
    await expect
      .poll(() => visitor.getByRole("link", { name: "e2e 오대호 봄 특별호 내려받기" }).getAttribute("download"))
      .toBe("KERNEL odaeho e2e 오대호 봄 특별호.pdf");

    // Reorder by mouse, then by keyboard; the archive follows the managers' order.
    await lists.dragOnto(page, list, "e2e 오대호 봄 특별호", "e2e 오대호 가을호");
    await page.getByRole("status").filter({ hasText: "오대호 목록 순서가 변경되었습니다" }).waitFor();
    await expect.poll(() => lists.titlesOf(list)).toEqual(["e2e 오대호 봄 특별호", "e2e 오대호 가을호", ...demoTitles]);
    await visitor.reload();
    await expect.poll(() => visitor.locator("main article h3").first().innerText()).toBe("e2e 오대호 봄 특별호");
    await lists.moveWithKeyboard(page, list, "e2e 오대호 봄 특별호", 1);
    await expect.poll(() => lists.titlesOf(list)).toEqual(["e2e 오대호 가을호", "e2e 오대호 봄 특별호", ...demoTitles]);
    await page.reload();
    await expect.poll(() => lists.titlesOf(list)).toEqual(["e2e 오대호 가을호", "e2e 오대호 봄 특별호", ...demoTitles]);

    // Delete both through the confirmation: the archive is as it was.
    const pdfUrl = await visitor.getByRole("link", { name: "e2e 오대호 봄 특별호 내려받기" }).getAttribute("href");
    await lists.deleteRow(page, "e2e 오대호 봄 특별호");
    await lists.deleteRow(page, "e2e 오대호 가을호");
    await expect.poll(() => lists.titlesOf(list)).toEqual(demoTitles);
    await visitor.reload();
    await expect.poll(() => visitor.locator("main article h3").allInnerTexts()).toEqual(demoTitles);
    await expect.poll(async () => (await page.request.get(pdfUrl ?? "")).status()).toBe(404);
    expect(consoleErrorsOf(page)).toEqual([]);
  }, 150_000);

  test("a new issue without its PDF or its cover is refused with the spec's message", async () => {
    const page = await lists.openAdminPage(await newPage(), PATH);
    const add = page.getByRole("form", { name: "새 호 추가" });
    await add.getByLabel("제목").fill("e2e 파일 없는 호");
    await add.getByLabel("표지 이미지").setInputFiles(await lists.photoFile("cover.jpg", 200));
    await add.getByRole("button", { name: "호 추가" }).click();
    // Said once, next to the field; the line above the form points there.
    await page.getByRole("alert").filter({ hasText: "입력한 내용을 확인해 주세요" }).waitFor();
    await expect.poll(() => page.getByText(MISSING).count()).toBe(1);
    const field = add.getByLabel("PDF 파일");
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    await add.getByText(MISSING, { exact: true }).waitFor();
    await expect(add.getByLabel("제목").inputValue()).resolves.toBe("e2e 파일 없는 호");

    await add.getByLabel("표지 이미지").setInputFiles([]);
    await add.getByLabel("PDF 파일").setInputFiles(lists.pdfFile("only.pdf", "only a pdf"));
    await add.getByRole("button", { name: "호 추가" }).click();
    await expect.poll(() => add.getByLabel("표지 이미지").getAttribute("aria-invalid")).toBe("true");
    await add.getByText(MISSING, { exact: true }).waitFor();
    await expectAbsent(page.getByRole("article", { name: "e2e 파일 없는 호", exact: true }), {
      once: page.getByRole("alert").filter({ hasText: "입력한 내용을 확인해 주세요" }),
    });
  });

  test("a file that is not a PDF is refused next to the PDF field", async () => {
    const page = await lists.openAdminPage(await newPage(), PATH);
    const add = page.getByRole("form", { name: "새 호 추가" });
    await add.getByLabel("제목").fill("e2e 가짜 PDF");
    await add.getByLabel("표지 이미지").setInputFiles(await lists.photoFile("cover.jpg", 200));
    await add.getByLabel("PDF 파일").setInputFiles({
      name: "magazine.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("GIF89a this is not a pdf"),
    });
    await add.getByRole("button", { name: "호 추가" }).click();
    await add.getByText("PDF 파일이 아닙니다", { exact: false }).waitFor();
    await expect.poll(() => add.getByLabel("PDF 파일").getAttribute("aria-invalid")).toBe("true");
  });
});
