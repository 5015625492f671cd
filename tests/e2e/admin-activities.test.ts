import { describe, expect, test } from "vitest";
import * as lists from "./admin-lists.ts";
import { consoleErrorsOf, setupBrowser } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();
const PATH = "/admin/manage-main-activity";
/** A year of its own, so the demo club's activities stay as they are. */
const YEAR = 2091;

describe("manage-main-activity", () => {
  test("add, see on the public page, edit, reorder by mouse and keyboard, delete: the year goes with its last activity", async () => {
    const page = await lists.openAdminPage(await newPage(), PATH);
    await lists.slowUploads(page);
    const add = page.getByRole("form", { name: "새 활동 추가" });

    for (const [title, direction] of [
      ["e2e 신입생 코딩 대회", "right"],
      ["e2e 겨울 게임잼", "left"],
      ["e2e 종강 해커톤", "left"],
    ] as const) {
      await add.getByLabel("연도").fill(String(YEAR));
      await add.getByLabel("제목").fill(title);
      await add.getByLabel("설명").fill(`${title}을 마쳤습니다.`);
      await add.getByLabel("사진 위치").selectOption(direction);
      await add.getByLabel("사진", { exact: true }).setInputFiles(await lists.photoFile(`${title}.jpg`));
      await add.getByRole("img", { name: /고른 사진 미리 보기/ }).waitFor();
      await lists.submitWithProgress(page, add, "활동 추가", `'${title}' 주요 활동이 추가되었습니다`);
      // The add form is empty again for the next one.
      await expect.poll(() => add.getByLabel("제목").inputValue()).toBe("");
    }
    const list = page.getByRole("list", { name: `${YEAR}년 주요 활동 순서` });
    await expect
      .poll(() => lists.titlesOf(list))
      .toEqual(["e2e 신입생 코딩 대회", "e2e 겨울 게임잼", "e2e 종강 해커톤"]);

    // On the public page, in its year, with the image on the chosen side.
    const visitor = await newPage();
    await visitor.goto("/community/activity/main");
    const year = visitor.locator(`#year-${YEAR}`);
    await expect
      .poll(() => year.locator("h3").allTextContents())
      .toEqual(["e2e 신입생 코딩 대회", "e2e 겨울 게임잼", "e2e 종강 해커톤"]);
    await expect.poll(() => year.locator("li").first().getAttribute("data-direction")).toBe("right");
    const stored = await year.locator("img").first().getAttribute("src");
    expect(stored).toMatch(/^\/uploads\/activities\/[0-9a-f]{32}\/[0-9a-f]{32}\.webp$/);

    // Edit: a new title and a new image (the old image file is gone afterwards).
    const oldImage = await year.locator("img").nth(1).getAttribute("src");
    const row = page.getByRole("article", { name: "e2e 겨울 게임잼", exact: true });
    await row.getByRole("button", { name: "수정" }).click();
    const edit = page.getByRole("form", { name: "'e2e 겨울 게임잼' 주요 활동 수정" });
    await edit.getByRole("img", { name: "지금 사진" }).waitFor();
    await edit.getByLabel("제목").fill("e2e 겨울 게임잼 '눈송이'");
    await edit.getByLabel("사진 바꾸기").setInputFiles(await lists.photoFile("new.jpg", 700));
    await lists.submitWithProgress(page, edit, "저장", "'e2e 겨울 게임잼 '눈송이'' 주요 활동이 수정되었습니다");
    await visitor.reload();
    await expect.poll(() => year.locator("h3").nth(1).textContent()).toBe("e2e 겨울 게임잼 '눈송이'");
    const newImage = await year.locator("img").nth(1).getAttribute("src");
    expect(newImage).not.toBe(oldImage);
    expect((await page.request.get(newImage ?? "")).status()).toBe(200);
    expect((await page.request.get(oldImage ?? "")).status()).toBe(404);

    // Reorder with the mouse: the last one is dragged to the top.
    await lists.dragOnto(page, list, "e2e 종강 해커톤", "e2e 신입생 코딩 대회");
    await page
      .getByRole("status")
      .filter({ hasText: `${YEAR}년 주요 활동 순서가 변경되었습니다` })
      .waitFor();
    await expect
      .poll(() => lists.titlesOf(list))
      .toEqual(["e2e 종강 해커톤", "e2e 신입생 코딩 대회", "e2e 겨울 게임잼 '눈송이'"]);

    // And with the keyboard on the handle: the first one goes down one place.
    await lists.moveWithKeyboard(page, list, "e2e 종강 해커톤", 1);
    await expect
      .poll(() => lists.titlesOf(list))
      .toEqual(["e2e 신입생 코딩 대회", "e2e 종강 해커톤", "e2e 겨울 게임잼 '눈송이'"]);
    await page.reload();
    await expect
      .poll(() => lists.titlesOf(list))
      .toEqual(["e2e 신입생 코딩 대회", "e2e 종강 해커톤", "e2e 겨울 게임잼 '눈송이'"]);
    await visitor.reload();
    await expect
      .poll(() => year.locator("h3").allTextContents())
      .toEqual(["e2e 신입생 코딩 대회", "e2e 종강 해커톤", "e2e 겨울 게임잼 '눈송이'"]);

    // Delete all three through the confirmation; the year leaves both pages with the last one.
    const yearHeading = page.getByRole("heading", { name: new RegExp(`^${YEAR}년`) });
    for (const title of ["e2e 신입생 코딩 대회", "e2e 종강 해커톤"]) await lists.deleteRow(page, title);
    await expect.poll(() => yearHeading.count()).toBe(1);
    // The year's last activity takes its group with it; the deletion is still announced.
    await lists.deleteRow(page, "e2e 겨울 게임잼 '눈송이'");
    await expectAbsent(yearHeading, {
      once: page.getByRole("status").filter({ hasText: "'e2e 겨울 게임잼 '눈송이'' 주요 활동이 삭제되었습니다" }),
    });
    await visitor.reload();
    const visitorHeading = visitor.getByRole("heading", { level: 1 });
    await expectAbsent(visitor.locator(`#year-${YEAR}`), { once: visitorHeading });
    await expectAbsent(visitor.getByRole("link", { name: String(YEAR) }), { once: visitorHeading });
    expect(consoleErrorsOf(page)).toEqual([]);
  }, 150_000);

  test("an empty title is refused with the spec's message next to the title, keeping the rest", async () => {
    const page = await lists.openAdminPage(await newPage(), PATH);
    const add = page.getByRole("form", { name: "새 활동 추가" });
    await add.getByLabel("연도").fill(String(YEAR));
    await add.getByLabel("제목").fill("   ");
    await add.getByLabel("설명").fill("제목 없이 보낸 설명");
    await add.getByRole("button", { name: "활동 추가" }).click();
    await page.getByRole("alert").filter({ hasText: "입력한 내용을 확인해 주세요" }).waitFor();
    const message = add.getByText("Title must not be empty!", { exact: true });
    await message.waitFor();
    await expect.poll(() => add.getByLabel("제목").getAttribute("aria-invalid")).toBe("true");
    await expect(add.getByLabel("제목").getAttribute("aria-describedby")).resolves.toBe(
      await message.getAttribute("id"),
    );
    await expect(add.getByLabel("설명").inputValue()).resolves.toBe("제목 없이 보낸 설명");
    await expectAbsent(page.getByRole("heading", { name: new RegExp(`^${YEAR}년`) }), { once: message });
  });
});
