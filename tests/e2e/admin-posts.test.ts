import exifReader from "exif-reader";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { photoWithLocation } from "../support/files.ts";
import { holdRequests } from "./admin-lists.ts";
import { openAdminPage } from "./support/admin.ts";
import { consoleErrorsOf, setupBrowser, waitForHydration } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();

interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A photo-like JPEG (noise compresses badly, so the browser has real work to do). */
async function photo(name: string, width = 1200, height = 800): Promise<Upload> {
  const buffer = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/** A JPEG with the place it was taken in its EXIF block, as phones write them. */
async function photoWithGps(): Promise<Upload> {
  const buffer = await photoWithLocation({ width: 320, height: 240 });
  const meta = await sharp(buffer).metadata();
  expect(meta.exif && exifReader(meta.exif).GPSInfo?.GPSLatitude).toBeDefined();
  return { name: "IMG_0420.jpg", mimeType: "image/jpeg", buffer };
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

async function signedInPage() {
  return openAdminPage(await newPage(), "/admin");
}

async function openEditor(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  // The editor starts in the browser; typing waits for it.
  await page.getByRole("textbox", { name: "본문" }).waitFor();
}

const titleBox = (page: Page) => page.getByRole("textbox", { name: "제목 (필수)" });
const bodyBox = (page: Page) => page.getByRole("textbox", { name: "본문" });
const picker = (page: Page) => page.getByLabel("사진 추가");
const altBoxes = (page: Page) => page.getByRole("textbox", { name: /^사진 설명/ });

async function replaceBody(page: Page, text: string) {
  await bodyBox(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

/** Records every label the form's progress shows, however briefly. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll("form[aria-busy] progress")) {
        const label = bar.getAttribute("aria-label") ?? "";
        if (!seen.includes(label)) seen.push(label);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
}

/** Creates an article through the new-article form and answers its id (from the editor's address). */
async function createArticle(
  page: Page,
  fields: { title: string; tag?: string; body: string; files?: Upload[]; alts?: string[] },
): Promise<string> {
  await openEditor(page, "/admin/manage-posts/new");
  await titleBox(page).fill(fields.title);
  await page.getByRole("combobox", { name: "태그" }).fill(fields.tag ?? "E2E");
  await bodyBox(page).click();
  await page.keyboard.type(fields.body);
  if (fields.files) await picker(page).setInputFiles(fields.files);
  for (const [index, alt] of (fields.alts ?? []).entries()) await altBoxes(page).nth(index).fill(alt);
  await page.getByRole("button", { name: "게시글 추가" }).click();
  await page.waitForURL(/\/admin\/manage-posts\/[0-9a-f]{32}$/, { timeout: 30_000 });
  await page
    .getByRole("status")
    .filter({ hasText: `'${fields.title}' 게시글이 추가되었습니다` })
    .waitFor();
  return new URL(page.url()).pathname.split("/").at(-1) ?? "";
}

/** Deletes an article from its editor, through the confirmation dialog. */
async function deleteFromEditor(page: Page, id: string, title: string) {
  await openEditor(page, `/admin/manage-posts/${id}`);
  await page.getByRole("button", { name: "이 게시글 삭제" }).click();
  const dialog = page.getByRole("dialog", { name: `'${title}' 게시글을 삭제할까요?` });
  await dialog.getByRole("button", { name: "이 게시글 삭제" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/manage-posts");
  await page
    .getByRole("status")
    .filter({ hasText: `'${title}' 게시글이 삭제되었습니다` })
    .waitFor();
}

async function fileCount(): Promise<number> {
  const row = await data
    .db()
    .selectFrom("files")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function articlesTitled(title: string) {
  return data.db().selectFrom("articles").select("id").where("title", "=", title).execute();
}

const galleryAlts = (page: Page) =>
  page.locator("main article button img").evaluateAll((images) => images.map((image) => image.getAttribute("alt")));

describe("manage-posts", () => {
  test("an article goes from the editor to the public pages, through an edit, and away again", async () => {
    const page = await signedInPage();
    const title = unique("E2E 해커톤 후기");
    const [first, second, third] = await Promise.all([
      photo("first.jpg"),
      photo("second.jpg"),
      photo("third.jpg", 600, 900),
    ]);

    // Create, with two pictures through the real file input, watching the progress.
    await openEditor(page, "/admin/manage-posts/new");
    await titleBox(page).fill(title);
    await page.getByRole("combobox", { name: "태그" }).fill("E2E");
    await bodyBox(page).click();
    await page.keyboard.type("밤새 코딩한 이야기입니다.");
    await picker(page).setInputFiles([first, second]);
    await page.getByText("first.jpg").waitFor();
    await altBoxes(page).nth(0).fill("첫 사진");
    await altBoxes(page).nth(1).fill("둘째 사진");
    const progressSeen = await recordProgress(page);
    // The upload is held until its sending step has been seen.
    const upload = holdRequests(page, "**/admin/api/articles");
    await upload.ready;
    await page.getByRole("button", { name: "게시글 추가" }).click();
    await page.getByRole("status").filter({ hasText: "보내는 중" }).waitFor();
    upload.release();
    await page.waitForURL(/\/admin\/manage-posts\/[0-9a-f]{32}$/, { timeout: 30_000 });
    await page
      .getByRole("status")
      .filter({ hasText: `'${title}' 게시글이 추가되었습니다` })
      .waitFor();
    expect(await progressSeen()).toEqual(["사진 줄이는 중 (1/2)", "사진 줄이는 중 (2/2)", "보내는 중"]);
    const id = new URL(page.url()).pathname.split("/").at(-1) ?? "";

    // Stored: two pictures of at most 1024 px under media/{id}.
    const stored = await data
      .db()
      .selectFrom("article_images")
      .innerJoin("files", "files.id", "article_images.file_id")
      .select(["files.storage_key", "files.width", "files.height", "article_images.alt"])
      .where("article_id", "=", id)
      .orderBy("position")
      .execute();
    expect(stored.map((row) => row.alt)).toEqual(["첫 사진", "둘째 사진"]);
    for (const row of stored) {
      expect(row.storage_key.startsWith(`media/${id}/`)).toBe(true);
      expect(Math.max(row.width ?? 0, row.height ?? 0)).toBeLessThanOrEqual(1024);
    }

    // Public: in the list and on its own page.
    await page.goto("/community/media?tag=E2E");
    await page.getByRole("link", { name: title }).first().waitFor();
    await page.goto(`/community/media/${id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    await page.getByText("밤새 코딩한 이야기입니다.").waitFor();
    expect(await galleryAlts(page)).toEqual(["첫 사진", "둘째 사진"]);
    const firstUrl = await page.locator("main article button img").first().getAttribute("src");

    // Edit: new text, the first picture deleted, a third one added.
    await openEditor(page, `/admin/manage-posts/${id}`);
    await replaceBody(page, "고친 본문입니다.");
    await page.getByRole("checkbox", { name: "'첫 사진' 삭제" }).check();
    await page.getByText("저장하면 삭제됩니다").waitFor();
    await picker(page).setInputFiles([third]);
    await altBoxes(page).nth(2).fill("셋째 사진");
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `'${title}' 게시글이 수정되었습니다` })
      .waitFor();
    // The form shows the saved list once the page has reloaded its data.
    await expect.poll(() => page.getByRole("checkbox", { name: "'첫 사진' 삭제" }).count()).toBe(0);
    await page.getByRole("checkbox", { name: "'둘째 사진' 삭제" }).waitFor();
    await expect.poll(() => altBoxes(page).nth(1).inputValue()).toBe("셋째 사진");

    await page.goto(`/community/media/${id}`);
    await page.getByText("고친 본문입니다.").waitFor();
    await expect.poll(() => page.getByText("밤새 코딩한 이야기입니다.").count()).toBe(0);
    expect(await galleryAlts(page)).toEqual(["둘째 사진", "셋째 사진"]);
    // The deleted picture's file is gone from the site.
    const removed = await page.request.get(firstUrl ?? "");
    expect(removed.status()).toBe(404);

    // Delete from the list, through the confirmation.
    await page.goto(`/admin/manage-posts?search=${encodeURIComponent(title)}`);
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: title });
    await row.getByRole("button", { name: "삭제" }).click();
    const dialog = page.getByRole("dialog", { name: `'${title}' 게시글을 삭제할까요?` });
    await dialog.getByText("사진 2장이 함께 지워지고").waitFor();
    await dialog.getByRole("button", { name: "삭제" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `'${title}' 게시글이 삭제되었습니다` })
      .waitFor();
    // The answer is shown as soon as it arrives; the row goes when the list has been reloaded.
    await row.waitFor({ state: "detached" });

    const gone = await page.goto(`/community/media/${id}`);
    expect(gone?.status()).toBe(404);
    await page.goto("/community/media?tag=E2E");
    await expect.poll(() => page.getByRole("link", { name: title }).count()).toBe(0);
    expect(await articlesTitled(title)).toEqual([]);
    const leftovers = await data
      .db()
      .selectFrom("files")
      .select("id")
      .where("storage_key", "like", `media/${id}/%`)
      .execute();
    expect(leftovers).toEqual([]);

    // Each step left its entry in the log.
    await page.goto("/admin?category=media");
    for (const done of ["추가되었습니다", "수정되었습니다", "삭제되었습니다"]) {
      await page.getByText(`'${title}' 게시글이 ${done}`).first().waitFor();
    }
    expect(consoleErrorsOf(page)).toEqual([]);
  }, 90_000);

  test("an empty title is refused next to its field and the typing stays", async () => {
    const page = await signedInPage();
    await openEditor(page, "/admin/manage-posts/new");
    await bodyBox(page).click();
    await page.keyboard.type("제목 없이 쓴 본문");
    await page.getByRole("button", { name: "게시글 추가" }).click();
    await page.getByRole("alert").filter({ hasText: "입력한 내용을 확인해 주세요" }).waitFor();
    await page.getByText("제목을 입력해 주세요.").waitFor();
    await expect.poll(() => titleBox(page).getAttribute("aria-invalid")).toBe("true");
    await expect(bodyBox(page).textContent()).resolves.toBe("제목 없이 쓴 본문");
  });

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
    await expect(bodyBox(page).locator("a").count()).resolves.toBe(0);

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
    await expect(bodyBox(page).getByRole("link", { name: "mailto:kernel@saesol.example" }).count()).resolves.toBe(1);

    // An emptied address removes the link under the cursor.
    await link.click();
    await toolbar.getByRole("button", { name: "링크" }).click();
    await expect(address.inputValue()).resolves.toBe("https://example.org/club");
    await address.fill("");
    await address.press("Enter");
    await expect(bodyBox(page).getByRole("link", { name: "동아리 홈페이지" }).count()).resolves.toBe(0);
    await expect(bodyBox(page).getByText("동아리 홈페이지").count()).resolves.toBe(1);
  });

  test("a file that is not an image leaves the list with a message naming it, and the form still sends", async () => {
    const page = await signedInPage();
    const title = unique("E2E 가짜 사진");
    const before = await fileCount();
    const fake = { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("회의록입니다") };
    const text = { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("회의록") };

    await openEditor(page, "/admin/manage-posts/new");
    await titleBox(page).fill(title);
    // Named like a picture, but the browser cannot show it: it leaves the list at once.
    await picker(page).setInputFiles([fake]);
    await page
      .getByRole("alert")
      .filter({ hasText: "'notes.jpg'은(는) 이미지로 읽을 수 없는 파일이라서 목록에서 뺐습니다" })
      .waitFor();
    await expect.poll(() => altBoxes(page).count()).toBe(0);
    // Not a picture at all: never taken in.
    await picker(page).setInputFiles([text]);
    await page
      .getByRole("alert")
      .filter({ hasText: "'notes.txt'은(는) 이미지 파일이 아니라서 넣지 않았습니다" })
      .waitFor();

    // The form is not held up by either: it sends, and the article has no pictures.
    await page.getByRole("button", { name: "게시글 추가" }).click();
    await page.waitForURL(/\/admin\/manage-posts\/[0-9a-f]{32}$/, { timeout: 30_000 });
    await page
      .getByRole("status")
      .filter({ hasText: `'${title}' 게시글이 추가되었습니다` })
      .waitFor();
    const id = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    expect(await articlesTitled(title)).toEqual([{ id }]);
    expect(await fileCount()).toBe(before);

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
    expect(await articlesTitled(`${title} 서버`)).toEqual([]);
    expect(await fileCount()).toBe(before);
    await deleteFromEditor(page, id, title);
  });

  test("a photo's GPS location is not stored", async () => {
    const page = await signedInPage();
    const title = unique("E2E 위치 정보");
    const id = await createArticle(page, {
      title,
      body: "위치가 담긴 사진",
      files: [await photoWithGps()],
    });
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

  test("two managers editing one article: the later save gets the conflict and keeps its typing", async () => {
    const first = await signedInPage();
    const second = await signedInPage();
    const title = unique("E2E 충돌");
    const id = await createArticle(first, { title, body: "처음 본문" });
    await openEditor(second, `/admin/manage-posts/${id}`);

    await titleBox(first).fill(`${title} 먼저`);
    await first.getByRole("button", { name: "저장", exact: true }).click();
    await first.getByRole("status").filter({ hasText: "수정되었습니다" }).waitFor();

    await titleBox(second).fill(`${title} 나중`);
    await replaceBody(second, "나중에 쓴 본문");
    await second.getByRole("button", { name: "저장", exact: true }).click();
    await second.getByRole("alert").filter({ hasText: "다른 관리자가 먼저" }).waitFor();
    await expect(titleBox(second).inputValue()).resolves.toBe(`${title} 나중`);
    await expect(bodyBox(second).textContent()).resolves.toBe("나중에 쓴 본문");
    const [stored] = await data.db().selectFrom("articles").select(["title", "version"]).where("id", "=", id).execute();
    expect(stored).toEqual({ title: `${title} 먼저`, version: 2 });

    await second.getByRole("button", { name: "최신 내용 불러오기" }).click();
    await expect.poll(() => titleBox(second).inputValue()).toBe(`${title} 먼저`);
    await deleteFromEditor(first, id, `${title} 먼저`);
  });

  test("scripts, handlers, javascript: links and SVG saved through the editor's form come out inert", async () => {
    const page = await signedInPage();
    const title = unique("E2E XSS");
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
    await deleteFromEditor(page, id, title);
  });
});
