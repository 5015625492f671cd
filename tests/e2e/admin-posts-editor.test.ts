import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { fileCount } from "../support/stored-content.ts";
import * as lists from "./admin-lists.ts";
import { signedIn } from "./support/admin.ts";
import {
  altBoxes,
  articlesTitled,
  bodyBox,
  createArticle,
  deleteFromEditor,
  openEditor,
  photoWithGps,
  picker,
  removeArticle,
  titleBox,
} from "./support/article-editor.ts";
import { setupBrowser, waitForHydration } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();
/** A page with the run's session, still blank: each test loads only the pages it checks. */
const signedInPage = async () => {
  const page = await newPage();
  await signedIn(page);
  return page;
};

describe("manage-posts: the editor", () => {
  test("links are set in a bar under the toolbar, which takes web and e-mail addresses only", async () => {
    const page = await signedInPage();
    await openEditor(page, "/admin/manage-posts/new");
    await bodyBox(page).click();
    await page.keyboard.type("동아리 홈페이지");
    await page.keyboard.press("Shift+Home");
    const toolbar = page.getByRole("toolbar", { name: "본문 서식" });
    // Every tool is named for screen readers and drawn as an icon, never as text or an emoji
    // that a system without an emoji font shows as a box.
    const tools = await toolbar.getByRole("button").evaluateAll((buttons) =>
      buttons.map((button) => ({
        name: button.getAttribute("aria-label"),
        text: button.textContent?.trim(),
        icons: button.querySelectorAll("svg").length,
      })),
    );
    expect(tools.map((tool) => tool.name)).toEqual([
      "제목 2",
      "제목 3",
      "굵게",
      "기울임",
      "취소선",
      "코드",
      "글머리 기호 목록",
      "번호 목록",
      "인용",
      "코드 블록",
      "링크",
      "되돌리기",
      "다시 하기",
    ]);
    for (const tool of tools) expect(tool, tool.name ?? "").toMatchObject({ text: "", icons: 1 });
    await toolbar.getByRole("button", { name: "링크" }).click();
    const address = page.getByRole("textbox", { name: "링크 주소" });
    await expect(address.inputValue()).resolves.toBe("https://");

    await address.fill("javascript:alert(1)");
    await address.press("Enter");
    await page
      .getByRole("alert")
      .filter({ hasText: "http://, https:// 또는 mailto:로 시작하는 주소를 넣어 주세요." })
      .waitFor();
    await expect(address.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect.poll(() => bodyBox(page).locator("a").count()).toBe(0);

    // Enter applies the link; it does not send the article's form.
    await address.fill("https://example.org/club");
    await address.press("Enter");
    await address.waitFor({ state: "detached" });
    const link = bodyBox(page).getByRole("link", { name: "동아리 홈페이지" });
    await expect(link.getAttribute("href")).resolves.toBe("https://example.org/club");
    expect(new URL(page.url()).pathname).toBe("/admin/manage-posts/new");
    await expect(page.locator('input[type="hidden"][name="contents"]').inputValue()).resolves.toContain(
      'href="https://example.org/club"',
    );

    // The cursor is back in the text, after the link; with nothing selected, the address
    // becomes the linked text.
    await expect.poll(() => bodyBox(page).evaluate((box) => box.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Enter");
    await toolbar.getByRole("button", { name: "링크" }).click();
    await address.fill("mailto:kernel@saesol.example");
    await page.getByRole("button", { name: "적용" }).click();
    await expect.poll(() => bodyBox(page).getByRole("link", { name: "mailto:kernel@saesol.example" }).count()).toBe(1);

    // An emptied address removes the link under the cursor.
    await link.click();
    await toolbar.getByRole("button", { name: "링크" }).click();
    await expect(address.inputValue()).resolves.toBe("https://example.org/club");
    await address.fill("");
    await address.press("Enter");
    await expect.poll(() => bodyBox(page).getByRole("link", { name: "동아리 홈페이지" }).count()).toBe(0);
    await expect.poll(() => bodyBox(page).getByText("동아리 홈페이지").count()).toBe(1);
  });

  test("the editor starts, autolinks and starts again after a save without a console warning; a photo's GPS location is not stored", async () => {
    const page = await newPage();
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning" || message.type() === "error") warnings.push(message.text());
    });
    await signedIn(page);
    // An address typed into the text becomes a link as it is typed (linkify at work); the save
    // opens the article in its editor, and a second save draws the form anew over the new version.
    const title = lists.uniqueName("E2E 자동 링크");
    const id = await createArticle(page, {
      title,
      body: "동아리 누리집 https://example.org/club 에 오세요 ",
      files: [await photoWithGps()],
    });
    await expect.poll(() => bodyBox(page).getByRole("link", { name: "https://example.org/club" }).count()).toBe(1);
    await bodyBox(page).click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(" 메일은 mailto:kernel@saesol.example 로 ");
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await lists.successMessage(page, `'${title}' 게시글이 수정되었습니다`);
    await bodyBox(page).getByRole("link", { name: "https://example.org/club" }).waitFor();
    // A round trip to the page: every console message it wrote before has arrived by then.
    await page.evaluate(() => document.readyState);
    expect(warnings.filter((text) => text.includes("linkifyjs"))).toEqual([]);
    expect(warnings).toEqual([]);

    // The photo was taken with its place in its EXIF block: the stored file has no EXIF at all.
    const [image] = await data
      .db()
      .selectFrom("article_images")
      .innerJoin("files", "files.id", "article_images.file_id")
      .select("files.storage_key")
      .where("article_id", "=", id)
      .execute();
    const response = await page.request.get(`/uploads/${image?.storage_key}`);
    expect(response.status()).toBe(200);
    const meta = await sharp(await response.body()).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    await deleteFromEditor(page, id, title);
  });

  test("a file that is not an image leaves the list with a message naming it, and the form still sends", async () => {
    const page = await signedInPage();
    const title = lists.uniqueName("E2E 가짜 사진");
    const before = await fileCount(data.db());
    const fake = { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("회의록입니다") };
    const text = { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("회의록") };

    await openEditor(page, "/admin/manage-posts/new");
    await titleBox(page).fill(title);
    // Named like a picture, but the browser cannot show it: it leaves the list at once.
    await picker(page).setInputFiles([fake]);
    await page
      .getByRole("alert")
      .filter({ hasText: "'notes.jpg'는 이미지로 읽을 수 없는 파일이라서 목록에서 뺐습니다" })
      .waitFor();
    await expect.poll(() => altBoxes(page).count()).toBe(0);
    // Not a picture at all: never taken in.
    await picker(page).setInputFiles([text]);
    await page.getByRole("alert").filter({ hasText: "'notes.txt'는 이미지 파일이 아니라서 넣지 않았습니다" }).waitFor();

    // The form is not held up by either: it sends, and the article has no pictures.
    await page.getByRole("button", { name: "게시글 추가" }).click();
    await page.waitForURL(/\/admin\/manage-posts\/[0-9a-f]{32}$/, { timeout: 30_000 });
    await page
      .getByRole("status")
      .filter({ hasText: `'${title}' 게시글이 추가되었습니다` })
      .waitFor();
    const id = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    expect(await articlesTitled(data.db(), title)).toEqual([{ id }]);
    expect(await fileCount(data.db())).toBe(before);

    // Sent as it is, past the browser's check, the server refuses it by its bytes.
    const answer = await page.evaluate(async (name) => {
      const form = new FormData();
      form.set("intent", "create");
      form.set("title", name);
      form.set("tag", "");
      form.set("publishedAt", "2026-03-02T18:30");
      form.set("contents", "<p>본문</p>");
      form.append("images", "new:n1");
      form.append("imageAlt", "");
      form.append("newImage", new File(["회의록입니다"], "notes.jpg", { type: "image/jpeg" }));
      form.append("newImageKey", "n1");
      const response = await fetch("/admin/api/articles", { method: "POST", body: form });
      return { status: response.status, body: await response.json() };
    }, `${title} 서버`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain("'notes.jpg': 이미지 파일이 아닙니다");
    expect(await articlesTitled(data.db(), `${title} 서버`)).toEqual([]);
    expect(await fileCount(data.db())).toBe(before);
    await deleteFromEditor(page, id, title);
  });

  test("scripts, handlers, javascript: links and SVG saved through the editor's form come out inert", async () => {
    const page = await signedInPage();
    const title = lists.uniqueName("E2E XSS");
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const payload = [
      "<p>보이는 문단</p>",
      "<script>alert('script')</script>",
      '<img src="x" onerror="alert(\'img\')">',
      "<p><a href=\"javascript:alert('link')\">나쁜 링크</a></p>",
      "<p><a href=\"JaVaScRiPt:alert('case')\">대소문자</a></p>",
      "<p><a href=\"&#106;avascript:alert('entity')\">엔티티</a></p>",
      "<svg onload=\"alert('svg')\"><script>alert('svg-script')</script></svg>",
      '<svg><a xlink:href="javascript:alert(\'svg-link\')"><text y="20">svg</text></a></svg>',
      '<p onmouseover="alert(\'hover\')" style="position:fixed;inset:0">마우스</p>',
      "<iframe src=\"javascript:alert('frame')\"></iframe>",
      "<details open ontoggle=\"alert('toggle')\">열림</details>",
      "<math><mtext><table><mglyph><style><img src=x onerror=alert('mxss')></style></mglyph></table></mtext></math>",
      "<form action=\"javascript:alert('form')\"><button>보내기</button></form>",
    ].join("\n");

    await openEditor(page, "/admin/manage-posts/new");
    await titleBox(page).fill(title);
    // What a forged or pasted submission would carry, in the field the editor writes.
    await page.locator('input[type="hidden"][name="contents"]').evaluate((input, html) => {
      (input as HTMLInputElement).value = html;
    }, payload);
    await page.getByRole("button", { name: "게시글 추가" }).click();
    await page.waitForURL(/\/admin\/manage-posts\/[0-9a-f]{32}$/, { timeout: 30_000 });
    const id = new URL(page.url()).pathname.split("/").at(-1) ?? "";

    await page.goto(`/community/media/${id}`);
    await waitForHydration(page);
    const body = page.locator("main article");
    await body.getByText("보이는 문단").waitFor();
    // A handler would run as the pointer moves over it; two frames let anything it set off land.
    await body.getByText("마우스").hover();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const found = await body.evaluate((article) => {
      const elements = [...article.querySelectorAll("*")];
      return {
        scripts: article.querySelectorAll("script, iframe, svg, math, form, style").length,
        handlers: elements.flatMap((element) =>
          [...element.attributes]
            .filter((attribute) => attribute.name.toLowerCase().startsWith("on"))
            .map((attribute) => `${element.tagName}[${attribute.name}]`),
        ),
        scriptUrls: elements.flatMap((element) =>
          [...element.attributes]
            .filter((attribute) => /^\s*(javascript|data|vbscript):/i.test(attribute.value))
            .map((attribute) => `${element.tagName}[${attribute.name}]`),
        ),
        styles: elements.filter((element) => element.hasAttribute("style")).length,
      };
    });
    expect(found).toEqual({ scripts: 0, handlers: [], scriptUrls: [], styles: 0 });
    expect(dialogs).toEqual([]);
    await removeArticle(data.db(), id);
  });
});
