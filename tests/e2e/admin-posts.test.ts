import { describe, expect, test } from "vitest";
import * as lists from "./admin-lists.ts";
import { signedIn } from "./support/admin.ts";
import {
  addArticle,
  altBoxes,
  articlesTitled,
  bodyBox,
  deleteFromEditor,
  galleryAlts,
  galleryImages,
  openEditor,
  picker,
  recordProgress,
  replaceBody,
  titleBox,
} from "./support/article-editor.ts";
import { baseURL, consoleErrorsOf, setupBrowser, waitForHydration } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();
/** A page with the run's session, still blank: each test loads only the pages it checks. */
const signedInPage = async () => {
  const page = await newPage();
  await signedIn(page);
  return page;
};

describe("manage-posts", () => {
  test("an article goes from the editor to the public pages, through an edit, and away again", async () => {
    const page = await signedInPage();
    const title = lists.uniqueName("E2E 해커톤 후기");
    const [first, second, third] = await Promise.all([
      lists.photoFile("first.jpg", 1200, 800),
      lists.photoFile("second.jpg", 1200, 800),
      lists.photoFile("third.jpg", 600, 900),
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
    const upload = lists.holdRequests(page, "**/admin/api/articles");
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

    // Public: linked from the list and on its own page, as the server sends them to visitors.
    const listed = await lists.publicText("/community/media?tag=E2E");
    expect(listed).toContain(`href="/community/media/${id}"`);
    expect(listed).toContain(title);
    const published = await lists.serverDocument(`/community/media/${id}`);
    expect(published.querySelector("h1")?.textContent).toBe(title);
    expect(published.querySelector("main article")?.textContent).toContain("밤새 코딩한 이야기입니다.");
    expect(galleryAlts(published)).toEqual(["첫 사진", "둘째 사진"]);
    const firstUrl = galleryImages(published)[0]?.getAttribute("src");

    // Edit, in the editor the save opened: new text, the first picture deleted, a third one added.
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

    const edited = await lists.serverDocument(`/community/media/${id}`);
    const editedText = edited.querySelector("main article")?.textContent;
    expect(editedText).toContain("고친 본문입니다.");
    expect(editedText).not.toContain("밤새 코딩한 이야기입니다.");
    expect(galleryAlts(edited)).toEqual(["둘째 사진", "셋째 사진"]);
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

    const gone = await fetch(`${baseURL()}/community/media/${id}`);
    expect(gone.status).toBe(404);
    const listedAfter = await lists.publicText("/community/media?tag=E2E");
    expect(listedAfter).not.toContain(`href="/community/media/${id}"`);
    expect(listedAfter).not.toContain(title);
    expect(await articlesTitled(data.db(), title)).toEqual([]);
    const leftovers = await data
      .db()
      .selectFrom("files")
      .select("id")
      .where("storage_key", "like", `media/${id}/%`)
      .execute();
    expect(leftovers).toEqual([]);

    // Each step left its entry in the log the dashboard shows.
    const log = (await lists.serverDocument("/admin?category=media", { signedIn: true })).querySelector("main");
    for (const done of ["추가되었습니다", "수정되었습니다", "삭제되었습니다"]) {
      expect(log?.textContent).toContain(`'${title}' 게시글이 ${done}`);
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

  test("two managers editing one article: the later save gets the conflict and keeps its typing", async () => {
    const first = await signedInPage();
    const second = await signedInPage();
    const title = lists.uniqueName("E2E 충돌");
    // Written through the endpoint: both managers open the article in its editor.
    const id = await addArticle({ title, body: "처음 본문" });
    await openEditor(first, `/admin/manage-posts/${id}`);
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
    // What the first manager saved shows beside what the second sent, the differing words marked.
    const compared = second.getByRole("region", { name: "먼저 저장된 내용과 입력한 내용" });
    await compared.getByText("제목, 본문이 다릅니다.", { exact: false }).waitFor();
    const theirs = compared.getByRole("region", { name: "먼저 저장된 내용", exact: true });
    const mine = compared.getByRole("region", { name: "입력한 내용", exact: true });
    await theirs.locator("del", { hasText: "먼저" }).first().waitFor();
    await theirs.locator("del", { hasText: "처음" }).first().waitFor();
    await mine.locator("ins", { hasText: "나중에" }).first().waitFor();
    await expect(theirs.locator("ins").count()).resolves.toBe(0);
    await expect(mine.locator("del").count()).resolves.toBe(0);
    // Side by side on a laptop screen.
    const [left, right] = [await theirs.boundingBox(), await mine.boundingBox()];
    expect(left?.y).toBe(right?.y);
    expect((left?.x ?? 0) + (left?.width ?? 0)).toBeLessThanOrEqual(right?.x ?? 0);
    const [stored] = await data.db().selectFrom("articles").select(["title", "version"]).where("id", "=", id).execute();
    expect(stored).toEqual({ title: `${title} 먼저`, version: 2 });

    await second.getByRole("button", { name: "최신 내용 불러오기" }).click();
    await expect.poll(() => titleBox(second).inputValue()).toBe(`${title} 먼저`);
    await deleteFromEditor(first, id, `${title} 먼저`);
  });
});
