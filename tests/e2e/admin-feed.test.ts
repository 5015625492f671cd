import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import * as lists from "./admin-lists.ts";
import { consoleErrorsOf, setupBrowser } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();
const PATH = "/admin/manage-feed";

const feedList = (page: Page) => page.getByRole("list", { name: "피드 순서" });

async function addItem(page: Page, caption: string, link = "") {
  const add = page.getByRole("form", { name: "새 게시물 추가" });
  await add.getByLabel("설명").fill(caption);
  await add.getByLabel("링크").fill(link);
  await add.getByLabel("게시일").fill("2030-03-02");
  await add.getByLabel("사진 (필수)").setInputFiles(await lists.photoFile("feed.jpg", 200));
  await add.getByRole("button", { name: "게시물 추가" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: `'${caption}' 피드 게시물이 추가되었습니다` })
    .waitFor();
}

/** The public feed's posts as the server sends them to visitors, in order. */
async function publicFeed() {
  const document = await lists.serverDocument("/community/feed");
  return [...document.querySelectorAll("main li")];
}

/** The captions the public feed shows, in order. */
async function publicCaptions(): Promise<string[]> {
  const document = await lists.serverDocument("/community/feed");
  return [...document.querySelectorAll("main li > * > span:first-of-type")].map(
    (span) => span.textContent?.trim() ?? "",
  );
}

/** The public feed's post with this caption. */
async function publicPost(caption: string) {
  return (await publicFeed()).find((item) => item.textContent?.includes(caption));
}

describe("manage-feed", () => {
  test("a bad link and a non-image are refused; then add, see it first on the feed, edit the photo, reorder, delete", async () => {
    const page = await lists.openAdminPage(await newPage(), PATH);

    // A link that is not a web address is refused next to it; a non-image is refused before sending.
    const badAdd = page.getByRole("form", { name: "새 게시물 추가" });
    await badAdd.getByLabel("설명").fill("e2e 피드 잘못된 링크");
    await badAdd.getByLabel("링크").fill("javascript:alert(1)");
    await badAdd.getByLabel("사진 (필수)").setInputFiles(await lists.photoFile("ok.jpg", 200));
    await badAdd.getByRole("button", { name: "게시물 추가" }).click();
    await page.getByRole("alert").filter({ hasText: "입력한 내용을 확인해 주세요" }).waitFor();
    await expect
      .poll(() => badAdd.getByText("http:// 또는 https://로 시작하는 주소를 넣거나 비워 두세요.").isVisible())
      .toBe(true);
    await expect(badAdd.getByLabel("링크").getAttribute("aria-invalid")).resolves.toBe("true");

    await badAdd.getByLabel("링크").fill("");
    await badAdd.getByLabel("사진 (필수)").setInputFiles({
      name: "holiday.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("this is a text file renamed to .jpg"),
    });
    await badAdd.getByRole("button", { name: "게시물 추가" }).click();
    await expectAbsent(page.getByRole("article", { name: "e2e 피드 잘못된 링크", exact: true }), {
      once: page.getByRole("alert").filter({ hasText: "'holiday.jpg'는 이미지 파일이 아닙니다" }),
    });

    const demo = await lists.titlesOf(feedList(page));
    await lists.slowUploads(page);
    const add = page.getByRole("form", { name: "새 게시물 추가" });
    await add.getByLabel("설명").fill("e2e 피드 첫 사진");
    await add.getByLabel("링크").fill("https://www.instagram.com/p/e2e-first");
    await add.getByLabel("게시일").fill("2030-03-01");
    await add.getByLabel("사진 (필수)").setInputFiles(await lists.photoFile("first.jpg"));
    await lists.submitWithProgress(page, add, "게시물 추가", "'e2e 피드 첫 사진' 피드 게시물이 추가되었습니다");
    await addItem(page, "e2e 피드 둘째 사진");
    const list = feedList(page);
    await expect.poll(() => lists.titlesOf(list)).toEqual(["e2e 피드 둘째 사진", "e2e 피드 첫 사진", ...demo]);

    await expect(publicCaptions()).resolves.toEqual(["e2e 피드 둘째 사진", "e2e 피드 첫 사진", ...demo]);
    const tile = (await publicPost("e2e 피드 첫 사진"))?.querySelector("a");
    expect(tile?.getAttribute("href")).toBe("https://www.instagram.com/p/e2e-first");
    const oldImage = tile?.querySelector("img")?.getAttribute("src");

    // Edit: a new photo and no link any more.
    await page
      .getByRole("article", { name: "e2e 피드 첫 사진", exact: true })
      .getByRole("button", { name: "수정" })
      .click();
    const edit = page.getByRole("form", { name: "'e2e 피드 첫 사진' 게시물 수정" });
    await edit.getByLabel("링크").fill("");
    await edit.getByLabel("사진 바꾸기").setInputFiles(await lists.photoFile("replaced.jpg", 500));
    await lists.submitWithProgress(page, edit, "저장", "'e2e 피드 첫 사진' 피드 게시물이 수정되었습니다");
    const plain = await publicPost("e2e 피드 첫 사진");
    expect(plain?.querySelector("img")).toBeTruthy();
    expect(plain?.querySelector("a")).toBeNull();
    const newImage = plain?.querySelector("img")?.getAttribute("src");
    expect(newImage).not.toBe(oldImage);
    expect((await page.request.get(oldImage ?? "")).status()).toBe(404);

    // Reorder with the mouse (the keyboard's moves are checked in admin-courses.test.ts and
    // tests/component/sortable-list.test.tsx).
    await lists.dragOnto(page, list, "e2e 피드 첫 사진", "e2e 피드 둘째 사진");
    await page.getByRole("status").filter({ hasText: "피드 순서가 변경되었습니다" }).waitFor();
    await expect.poll(() => lists.titlesOf(list)).toEqual(["e2e 피드 첫 사진", "e2e 피드 둘째 사진", ...demo]);
    await expect(publicCaptions()).resolves.toEqual(["e2e 피드 첫 사진", "e2e 피드 둘째 사진", ...demo]);

    await lists.deleteRow(page, "e2e 피드 첫 사진");
    await lists.deleteRow(page, "e2e 피드 둘째 사진");
    await expect(publicCaptions()).resolves.toEqual(demo);
    expect((await page.request.get(newImage ?? "")).status()).toBe(404);
    // The two refusals above are the only failed requests.
    expect(consoleErrorsOf(page).filter((text) => !text.includes("status of 400"))).toEqual([]);
  }, 150_000);

  test("two managers: the later save of the same item and a reorder of a changed list are refused", async () => {
    const first = await lists.openAdminPage(await newPage(), PATH);
    await addItem(first, "e2e 피드 충돌 사진");
    const second = await lists.openAdminPage(await newPage(), PATH);

    await first
      .getByRole("article", { name: "e2e 피드 충돌 사진", exact: true })
      .getByRole("button", { name: "수정" })
      .click();
    await second
      .getByRole("article", { name: "e2e 피드 충돌 사진", exact: true })
      .getByRole("button", { name: "수정" })
      .click();
    const firstEdit = first.getByRole("form", { name: "'e2e 피드 충돌 사진' 게시물 수정" });
    await firstEdit.getByLabel("설명").fill("e2e 피드 먼저 저장");
    await firstEdit.getByRole("button", { name: "저장" }).click();
    await first.getByRole("status").filter({ hasText: "피드 게시물이 수정되었습니다" }).waitFor();

    const secondEdit = second.getByRole("form", { name: "'e2e 피드 충돌 사진' 게시물 수정" });
    await secondEdit.getByLabel("설명").fill("e2e 피드 나중에 저장");
    await secondEdit.getByRole("button", { name: "저장" }).click();
    await second.getByRole("alert").filter({ hasText: "다른 관리자가 먼저" }).waitFor();
    await expect(secondEdit.getByLabel("설명").inputValue()).resolves.toBe("e2e 피드 나중에 저장");
    await second.getByRole("button", { name: "최신 내용 불러오기" }).click();
    // The row now shows the saved record, its form named by the saved caption.
    const newest = second.getByRole("form", { name: "'e2e 피드 먼저 저장' 게시물 수정" });
    await expect.poll(() => newest.getByLabel("설명").inputValue()).toBe("e2e 피드 먼저 저장");

    // The first manager adds a photo; the second one's list is now out of date.
    await addItem(first, "e2e 피드 그사이 추가");
    const list = feedList(second);
    const before = await lists.titlesOf(list);
    await list.getByRole("button", { name: `'${before[1]}' 위로` }).click();
    // A reorder's conflict says the list changed, not that a record was saved first.
    await second.getByRole("alert").filter({ hasText: "다른 관리자가 항목을 더하거나 빼거나 옮겼습니다" }).waitFor();
    await expect.poll(() => lists.titlesOf(list)).toEqual(before);
    await second.getByRole("button", { name: "최신 내용 불러오기" }).click();
    await expect.poll(async () => (await lists.titlesOf(list))[0]).toBe("e2e 피드 그사이 추가");

    await lists.deleteRow(first, "e2e 피드 그사이 추가");
    await lists.deleteRow(first, "e2e 피드 먼저 저장");
  }, 90_000);
});
