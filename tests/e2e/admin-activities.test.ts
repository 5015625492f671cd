import { describe, expect, test } from "vitest";
import * as lists from "./admin-lists.ts";
import { consoleErrorsOf, setupBrowser } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();
const PATH = "/admin/manage-main-activity";
/** A year of its own, so the demo club's activities stay as they are. */
const YEAR = 2091;
const LIST = `${YEAR}년 주요 활동 순서`;

/** The year's section of the public page, as the server sends it to visitors (null once gone). */
async function publicYear() {
  const document = await lists.serverDocument("/community/activity/main");
  expect(document.querySelector("main h1")).not.toBeNull();
  const links = [...document.querySelectorAll("a")].map((link) => link.getAttribute("aria-label") ?? link.textContent);
  return { section: document.querySelector(`#year-${YEAR}`), links };
}

const publicTitles = async () =>
  [...((await publicYear()).section?.querySelectorAll("h3") ?? [])].map((h) => h.textContent);

describe("manage-main-activity", () => {
  test("an empty title is refused next to it; then add, see on the public page, edit, reorder, delete: the year goes with its last activity", async () => {
    const page = await lists.openAdminPage(await newPage(), PATH);
    const add = page.getByRole("form", { name: "새 활동 추가" });

    // An empty title is refused with the spec's message next to the title, keeping the rest.
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

    // Three activities; the last one's upload is slowed so that its progress can be watched.
    for (const [title, direction, withProgress] of [
      ["e2e 신입생 코딩 대회", "right", false],
      ["e2e 겨울 게임잼", "left", false],
      ["e2e 종강 해커톤", "left", true],
    ] as const) {
      await add.getByLabel("연도").fill(String(YEAR));
      await add.getByLabel("제목").fill(title);
      await add.getByLabel("설명").fill(`${title}을 마쳤습니다.`);
      await add.getByLabel("사진 위치").selectOption(direction);
      const photo = withProgress ? await lists.photoFile(`${title}.jpg`) : await lists.photoFile(`${title}.jpg`, 200);
      await add.getByLabel("사진", { exact: true }).setInputFiles(photo);
      await add.getByRole("img", { name: /고른 사진 미리 보기/ }).waitFor();
      const added = `'${title}' 주요 활동이 추가되었습니다`;
      if (withProgress) {
        await lists.slowUploads(page);
        await lists.submitWithProgress(page, add, "활동 추가", added);
      } else {
        await add.getByRole("button", { name: "활동 추가" }).click();
        await lists.successMessage(page, added);
      }
      // The add form is empty again for the next one.
      await expect.poll(() => add.getByLabel("제목").inputValue()).toBe("");
    }
    const list = page.getByRole("list", { name: LIST });
    await expect
      .poll(() => lists.titlesOf(list))
      .toEqual(["e2e 신입생 코딩 대회", "e2e 겨울 게임잼", "e2e 종강 해커톤"]);

    // On the public page, in its year, with the image on the chosen side.
    await expect.poll(publicTitles).toEqual(["e2e 신입생 코딩 대회", "e2e 겨울 게임잼", "e2e 종강 해커톤"]);
    const year = (await publicYear()).section;
    expect(year?.querySelector("li")?.getAttribute("data-direction")).toBe("right");
    const stored = year?.querySelectorAll("img")[0]?.getAttribute("src");
    expect(stored).toMatch(/^\/uploads\/activities\/[0-9a-f]{32}\/[0-9a-f]{32}\.webp$/);

    // Edit: a new title and a new image (the old image file is gone afterwards).
    const oldImage = year?.querySelectorAll("img")[1]?.getAttribute("src");
    const row = page.getByRole("article", { name: "e2e 겨울 게임잼", exact: true });
    await row.getByRole("button", { name: "수정" }).click();
    const edit = page.getByRole("form", { name: "'e2e 겨울 게임잼' 주요 활동 수정" });
    await edit.getByRole("img", { name: "지금 사진" }).waitFor();
    await edit.getByLabel("제목").fill("e2e 겨울 게임잼 '눈송이'");
    await edit.getByLabel("사진 바꾸기").setInputFiles(await lists.photoFile("new.jpg", 700));
    await lists.submitWithProgress(page, edit, "저장", "'e2e 겨울 게임잼 '눈송이'' 주요 활동이 수정되었습니다");
    await expect.poll(async () => (await publicTitles())[1]).toBe("e2e 겨울 게임잼 '눈송이'");
    const newImage = (await publicYear()).section?.querySelectorAll("img")[1]?.getAttribute("src");
    expect(newImage).not.toBe(oldImage);
    expect((await page.request.get(newImage ?? "")).status()).toBe(200);
    expect((await page.request.get(oldImage ?? "")).status()).toBe(404);

    // Reorder with the mouse: the last one is dragged to the top (the keyboard's moves are
    // checked in admin-courses.test.ts and tests/component/sortable-list.test.tsx).
    await lists.dragOnto(page, list, "e2e 종강 해커톤", "e2e 신입생 코딩 대회");
    await page
      .getByRole("status")
      .filter({ hasText: `${YEAR}년 주요 활동 순서가 변경되었습니다` })
      .waitFor();
    const moved = ["e2e 종강 해커톤", "e2e 신입생 코딩 대회", "e2e 겨울 게임잼 '눈송이'"];
    await expect.poll(() => lists.titlesOf(list)).toEqual(moved);
    // Saved: a reload of the admin page and the public page show the new order.
    expect(lists.serverListOrder(await lists.serverDocument(PATH, { signedIn: true }), LIST)).toEqual(moved);
    await expect.poll(publicTitles).toEqual(moved);

    // Delete all three through the confirmation; the year leaves both pages with the last one.
    const yearHeading = page.getByRole("heading", { name: new RegExp(`^${YEAR}년`) });
    for (const title of ["e2e 신입생 코딩 대회", "e2e 종강 해커톤"]) await lists.deleteRow(page, title);
    await expect.poll(() => yearHeading.count()).toBe(1);
    // The year's last activity takes its group with it; the deletion is still announced.
    await lists.deleteRow(page, "e2e 겨울 게임잼 '눈송이'");
    await expectAbsent(yearHeading, {
      once: page.getByRole("status").filter({ hasText: "'e2e 겨울 게임잼 '눈송이'' 주요 활동이 삭제되었습니다" }),
    });
    const gone = await publicYear();
    expect(gone.section).toBeNull();
    expect(gone.links.filter((name) => name?.includes(String(YEAR)))).toEqual([]);
    // The refusal of the empty title is the only failed request.
    expect(consoleErrorsOf(page).filter((text) => !text.includes("status of 400"))).toEqual([]);
  }, 150_000);
});
