import { describe, expect, test } from "vitest";
import * as lists from "./admin-lists.ts";
import { consoleErrorsOf, setupBrowser } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();
const PATH = "/admin/manage-odaeho";
const LIST = "오대호 목록 순서";
const MISSING = "Upload Failed! Thumbnail Image or PDF file is not defined!";

/** The archive as the server sends it to visitors: its issues' titles and download links. */
async function publicArchive() {
  const document = await lists.serverDocument("/archive/odaeho");
  const titles = [...document.querySelectorAll("main article h3")].map((h3) => h3.textContent?.trim() ?? "");
  const download = (title: string) => lists.linkNamed(document, `${title} 내려받기`);
  return { titles, download };
}

describe("manage-odaeho", () => {
  test("an issue without its PDF or cover, or with a file that is not a PDF, is refused with the spec's message", async () => {
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
    // The PDF was there this time: its field is not marked, so the check below starts clean.
    await expect.poll(() => field.getAttribute("aria-invalid")).not.toBe("true");

    // A file that is not a PDF is refused next to the PDF field.
    await add.getByLabel("제목").fill("e2e 가짜 PDF");
    await add.getByLabel("표지 이미지").setInputFiles(await lists.photoFile("cover.jpg", 200));
    await add.getByLabel("PDF 파일").setInputFiles({
      name: "magazine.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("GIF89a this is not a pdf"),
    });
    await add.getByRole("button", { name: "호 추가" }).click();
    await add.getByText("PDF 파일이 아닙니다", { exact: false }).waitFor();
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
  });

  test("add with cover and PDF, see it first on the archive, rename, reorder, delete", async () => {
    const page = await lists.openAdminPage(await newPage(), PATH);
    const add = page.getByRole("form", { name: "새 호 추가" });
    const list = page.getByRole("list", { name: LIST });
    const demoTitles = await lists.titlesOf(list);

    // The second issue's upload is slowed so that its progress can be watched.
    for (const [title, withProgress] of [
      ["e2e 오대호 봄호", false],
      ["e2e 오대호 가을호", true],
    ] as const) {
      await add.getByLabel("제목").fill(title);
      await add.getByLabel("발행일").fill("2030-04-01");
      await add.getByLabel("설명").fill(`${title} 설명`);
      await add.getByLabel("표지 이미지").setInputFiles(await lists.photoFile("cover.jpg", withProgress ? 600 : 200));
      await add.getByLabel("PDF 파일").setInputFiles(lists.pdfFile("scan.pdf", title));
      const added = `'${title}' 오대호 회지가 추가되었습니다`;
      if (withProgress) {
        await lists.slowUploads(page);
        await lists.submitWithProgress(page, add, "호 추가", added);
      } else {
        await add.getByRole("button", { name: "호 추가" }).click();
        await lists.successMessage(page, added);
      }
    }
    await expect.poll(() => lists.titlesOf(list)).toEqual(["e2e 오대호 가을호", "e2e 오대호 봄호", ...demoTitles]);

    // The archive shows the newest addition first, its PDF saved under the spec's name.
    await expect
      .poll(async () => (await publicArchive()).titles)
      .toEqual(["e2e 오대호 가을호", "e2e 오대호 봄호", ...demoTitles]);
    const download = (await publicArchive()).download("e2e 오대호 봄호");
    expect(download?.getAttribute("download")).toBe("KERNEL odaeho e2e 오대호 봄호.pdf");
    const pdf = await page.request.get(download?.getAttribute("href") ?? "");
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
    await expect
      .poll(async () => (await publicArchive()).download("e2e 오대호 봄 특별호")?.getAttribute("download"))
      .toBe("KERNEL odaeho e2e 오대호 봄 특별호.pdf");

    // Reorder by mouse; the archive follows the managers' order (the keyboard's moves are
    // checked in admin-courses.test.ts and tests/component/sortable-list.test.tsx).
    await lists.dragOnto(page, list, "e2e 오대호 봄 특별호", "e2e 오대호 가을호");
    await page.getByRole("status").filter({ hasText: "오대호 목록 순서가 변경되었습니다" }).waitFor();
    const moved = ["e2e 오대호 봄 특별호", "e2e 오대호 가을호", ...demoTitles];
    await expect.poll(() => lists.titlesOf(list)).toEqual(moved);
    await expect.poll(async () => (await publicArchive()).titles[0]).toBe("e2e 오대호 봄 특별호");
    // Saved: the admin page shows the new order when it is loaded again.
    expect(lists.serverListOrder(await lists.serverDocument(PATH, { signedIn: true }), LIST)).toEqual(moved);

    // Delete both through the confirmation: the archive is as it was.
    const pdfUrl = (await publicArchive()).download("e2e 오대호 봄 특별호")?.getAttribute("href");
    await lists.deleteRow(page, "e2e 오대호 봄 특별호");
    await lists.deleteRow(page, "e2e 오대호 가을호");
    await expect.poll(() => lists.titlesOf(list)).toEqual(demoTitles);
    await expect.poll(async () => (await publicArchive()).titles).toEqual(demoTitles);
    await expect.poll(async () => (await page.request.get(pdfUrl ?? "")).status()).toBe(404);
    expect(consoleErrorsOf(page)).toEqual([]);
  }, 150_000);
});
