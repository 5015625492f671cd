import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { VersionedDocument } from "#server/db/documents.ts";
import { getRules, type Rules, saveRules } from "#server/domain/rules/rules.ts";
import { makeDemoPdf } from "#server/seed/pdf.ts";
import { linkNamed, serverDocument, slowUploads } from "./admin-lists.ts";
import { openAdminPage } from "./document-pages.ts";
import { signedIn } from "./support/admin.ts";
import { consoleErrorsOf, setupBrowser } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();
let original: VersionedDocument<Rules>;

beforeAll(async () => {
  original = await getRules(data.db());
});

afterAll(async () => {
  // The other test files expect the seeded rules text and files.
  const current = await getRules(data.db());
  if (current.version !== original.version) {
    await saveRules(data.db(), original.value, current.version);
    await data.contentChanged();
  }
});

const stamp = Date.now().toString(36);
const openRules = () => openAdminPage(newPage, "/admin/manage-rule");
const save = (page: Page) => page.getByRole("button", { name: "저장", exact: true }).click();
const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();
/** The rules page as the server sends it to visitors. */
const publicRules = () => serverDocument("/archive/rule");
const rulesText = (document: Document) => document.querySelector('article[aria-label="회칙 전문"]')?.textContent ?? "";
const fileRow = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("button", { name: `'${title}' 위로` }) });

describe("manage-rule", () => {
  test("the edited text shows on /archive/rule, with an audit entry", async () => {
    const page = await openRules();
    const editor = page.getByRole("textbox", { name: "회칙 본문" });
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type(`제99조(시험) 이 조항은 ${stamp}에 추가했다.`);
    await save(page);
    await status(page, "회칙 본문이 수정되었습니다");

    expect(rulesText(await publicRules())).toContain(`제99조(시험) 이 조항은 ${stamp}에 추가했다.`);
    // The dashboard's recent changes of the rules name the save.
    const dashboard = await serverDocument("/admin?category=rules", { signedIn: true });
    expect(dashboard.querySelector("main")?.textContent).toContain("회칙 본문이 수정되었습니다");
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("HTML sent around the editor comes out inert on the public page", async () => {
    // Sent as a signed-in manager's request, around the editor: no admin page needs to load.
    const page = await newPage();
    await signedIn(page);
    const { value, version } = await getRules(data.db());
    const form = new FormData();
    form.set("intent", "save");
    form.set("version", String(version));
    form.set(
      "contents",
      [
        `<p>안전한 문단 ${stamp}</p>`,
        "<script>window.__hacked = 1</script>",
        '<img src="/brand/logo-mark.svg" onerror="window.__hacked = 2" onload="window.__hacked = 3">',
        '<p><a href="javascript:window.__hacked = 4">링크</a></p>',
        '<svg onload="window.__hacked = 5"><script>window.__hacked = 6</script></svg>',
        '<iframe src="javascript:parent.__hacked = 7"></iframe>',
        '<p style="background:url(javascript:alert(1))" onclick="window.__hacked = 8">끝</p>',
      ].join(""),
    );
    for (const attachment of value.attachments) {
      form.append("attachments.key", attachment.fileId);
      form.append("attachments.title", attachment.title);
      form.append("attachments.fileName", attachment.fileName);
    }
    const response = await page.request.post("/admin/api/rules", { multipart: form });
    expect(response.status()).toBe(200);

    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto("/archive/rule");
    const article = page.getByRole("article", { name: "회칙 전문" });
    await article.getByText(`안전한 문단 ${stamp}`).waitFor();
    await article.getByText("끝").click();
    const html = await article.innerHTML();
    for (const inert of ["<script", "onerror", "onload", "onclick", "javascript:", "<svg", "<iframe", "style="]) {
      expect(html).not.toContain(inert);
    }
    await expect(page.evaluate(() => (window as { __hacked?: number }).__hacked)).resolves.toBe(undefined);
    expect(dialogs).toEqual([]);
  });

  test("a PDF added through the file input uploads with progress, downloads and is removed; a file that is not a PDF, named .pdf, is refused next to its field", async () => {
    const page = await openRules();
    const title = `시험 세칙 ${stamp}`;
    const fileName = `시험 세칙 ${stamp}.pdf`;
    // A real PDF, padded after its end with spaces (readers ignore them) so the upload takes a
    // moment to send.
    const pdf = Buffer.concat([
      Buffer.from(await makeDemoPdf({ title, paragraphs: ["제1조 시험용 세칙"] })),
      Buffer.alloc(400 * 1024, " "),
    ]);
    await page.getByRole("button", { name: "PDF 파일 추가" }).click();
    const newRow = page.getByRole("listitem").filter({ has: page.getByLabel("PDF 파일 (필수)") });
    await newRow.getByLabel("PDF 파일 (필수)").setInputFiles({
      name: "upload.pdf",
      mimeType: "application/pdf",
      buffer: pdf,
    });
    // Choosing the file fills in the empty title and name; the manager then sets their own.
    await expect.poll(() => newRow.getByLabel("제목").inputValue()).toBe("upload");
    await expect.poll(() => newRow.getByLabel("내려받을 파일 이름").inputValue()).toBe("upload.pdf");
    await newRow.getByLabel("제목").fill(title);
    await newRow.getByLabel("내려받을 파일 이름").fill(fileName);

    // About two seconds for the whole file.
    const fullSpeed = await slowUploads(page, Math.round(pdf.byteLength / 2));
    await save(page);
    const progress = page.getByRole("status").filter({ hasText: "보내는 중" });
    await progress.waitFor();
    await expect(progress.locator("progress").getAttribute("max")).resolves.toBe("100");
    await status(page, `'${title}' 회칙 파일이 추가되었습니다`);
    await progress.waitFor({ state: "detached" });

    // The rest at full speed, in the same page.
    await fullSpeed();
    const download = await page.request.get(`/rules/${encodeURIComponent(fileName)}`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toBe("application/pdf");
    expect((await download.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    expect(linkNamed(await publicRules(), `${title} 내려받기`)?.getAttribute("href")).toBe(
      `/rules/${encodeURIComponent(fileName)}`,
    );

    await fileRow(page, title)
      .getByRole("button", { name: `'${title}' 삭제` })
      .click();
    const dialog = page.getByRole("dialog", { name: `'${title}' 파일을 삭제할까요?` });
    await dialog.getByRole("button", { name: "삭제" }).click();
    await fileRow(page, title).waitFor({ state: "detached" });
    // The focus stays in the list, and the removal is said to wait for the save.
    await page
      .getByRole("status")
      .filter({ hasText: `'${title}' 파일을 목록에서 뺐습니다` })
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("form")?.getAttribute("aria-label")))
      .toBe("회칙");
    await save(page);
    await status(page, `'${title}' 회칙 파일이 삭제되었습니다`);
    const gone = await page.request.get(`/rules/${encodeURIComponent(fileName)}`);
    expect(gone.status()).toBe(404);
    const after = await publicRules();
    expect(after.querySelector('article[aria-label="회칙 전문"]')).not.toBeNull();
    expect(after.body.textContent).not.toContain(title);

    // Named .pdf but not a PDF: refused next to its field, in the same page.
    await page.getByRole("button", { name: "PDF 파일 추가" }).click();
    const notPdfRow = page.getByRole("listitem").filter({ has: page.getByLabel("PDF 파일 (필수)") });
    await notPdfRow.getByLabel("PDF 파일 (필수)").setInputFiles({
      name: "회칙 사본.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html><body>이것은 PDF가 아닙니다</body></html>"),
    });
    await save(page);
    await page.getByText("PDF 파일이 아닙니다", { exact: false }).first().waitFor();
    await notPdfRow.getByText("%PDF-로 시작하는 PDF 문서만").waitFor();
    await expect(notPdfRow.getByLabel("PDF 파일 (필수)").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(notPdfRow.getByLabel("제목").inputValue()).resolves.toBe("회칙 사본");
    const refused = await page.request.get(`/rules/${encodeURIComponent("회칙 사본.pdf")}`);
    expect(refused.status()).toBe(404);
  });
});
