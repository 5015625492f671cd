import sharp from "sharp";
import { describe, expect, test } from "vitest";
import * as lists from "./admin-lists.ts";
import { baseURL, consoleErrorsOf, setupBrowser } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();

/** A photo as a phone would take it: a large JPEG. */
async function photo(colour: string) {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The public chart as the server sends it to visitors. */
const publicChart = () => lists.serverDocument("/about/organization");

/** The public chart's group headings, in order. */
async function publicGroupTitles(): Promise<string[]> {
  return [...(await publicChart()).querySelectorAll("main h2")].map((heading) => heading.textContent ?? "");
}

/** A group's section on the public page, as a visitor sees it without scripts. */
async function publicGroup(title: string) {
  const heading = [...(await publicChart()).querySelectorAll("main h2")].find(
    (element) => element.textContent === title,
  );
  const section = heading?.closest("section");
  if (!section) return null;
  const members = [...section.querySelectorAll("li")].map((item) => ({
    name: item.querySelector("p")?.textContent ?? "",
    photo: item.querySelector("img")?.getAttribute("src") ?? null,
  }));
  return { members };
}

describe("manage-organization", () => {
  test("a group and its members: create empty, name it, add members with photos, reorder by mouse, delete", async () => {
    const title = lists.uniqueName("테스트 부서");
    const [first, second] = [lists.uniqueName("김하나"), lists.uniqueName("이두리")];
    const page = await lists.openAdminPage(await newPage(), "/admin/manage-organization");

    // A new group is created empty, chosen, and its fields are open in the list.
    await page.getByRole("button", { name: "새 그룹 만들기" }).click();
    await lists.successMessage(page, "그룹이 추가되었습니다");
    await page.waitForURL((url) => url.searchParams.has("group"));
    await page.getByRole("heading", { level: 2, name: "이름 없는 그룹" }).waitFor();
    const groupForm = page.getByRole("form", { name: "이름 없는 그룹 수정" });
    await expect(groupForm.getByLabel("그룹 이름").inputValue()).resolves.toBe("");
    await expect(groupForm.getByLabel("설명").inputValue()).resolves.toBe("");
    await page.getByText("아직 이 그룹에 구성원이 없습니다.").waitFor();
    // Until it has a name, the public chart leaves the group out (no heading without text).
    const headings = await publicGroupTitles();
    expect(headings.length).toBeGreaterThan(0);
    expect(headings.filter((heading) => heading.trim() === "")).toEqual([]);

    await groupForm.getByLabel("그룹 이름").fill(title);
    await groupForm.getByLabel("설명").fill("브라우저 테스트가 만든 부서입니다.");
    await groupForm.getByRole("button", { name: "저장" }).click();
    await lists.successMessage(page, `'${title}' 그룹이 수정되었습니다`);
    const groupRow = page.getByRole("list", { name: "그룹 순서" }).getByRole("article", {
      name: title,
    });
    await groupRow.waitFor();
    await expect(publicGroup(title)).resolves.toEqual({ members: [] });

    // A member with a photo through the real file input: preview, compression, upload progress.
    const add = page.getByRole("form", { name: "새 구성원" });
    await add.getByLabel("이름").fill(first);
    await add.getByLabel("역할").fill("부장");
    await add
      .getByLabel("프로필 사진")
      .setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: await photo("#2448d8") });
    await add.getByRole("img", { name: /고른 사진 미리 보기/ }).waitFor();
    // The upload is held until its progress bar has been seen.
    const upload = lists.holdRequests(page, "**/admin/api/organization");
    await upload.ready;
    await add.getByRole("button", { name: "구성원 추가" }).click();
    const progress = add.getByRole("progressbar");
    await progress.waitFor();
    await expect(progress.getAttribute("aria-label")).resolves.toMatch(/줄이는 중|보내는 중/);
    upload.release();
    await lists.successMessage(page, `'${first}' 구성원이 추가되었습니다`);
    await expect.poll(() => progress.count(), lists.eventually).toBe(0);
    await expect.poll(() => add.getByLabel("이름").inputValue(), lists.eventually).toBe("");

    await add.getByLabel("이름").fill(second);
    await add.getByRole("button", { name: "구성원 추가" }).click();
    await lists.successMessage(page, `'${second}' 구성원이 추가되었습니다`);

    const list = page.getByRole("list", { name: "구성원 순서" });
    await expect.poll(() => lists.listOrder(list), lists.eventually).toEqual([first, second]);
    const shown = await publicGroup(title);
    expect(shown?.members.map((member) => member.name)).toEqual([first, second]);
    const photoUrl = shown?.members[0]?.photo ?? "";
    expect(photoUrl).toMatch(/^\/uploads\/organization\/profile_[0-9a-f]{32}\/[0-9a-f]{32}\.webp$/);
    expect(shown?.members[1]?.photo).toBeNull();
    const stored = await fetch(`${baseURL()}${photoUrl}`);
    expect(stored.status).toBe(200);
    const size = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    // Compressed in the browser to 1024 px at most, then stored at 960 px at most.
    expect(Math.max(size.width ?? 0, size.height ?? 0)).toBeLessThanOrEqual(960);

    // A file that only pretends to be a photo is refused by the server, which reads its bytes.
    const firstRow = page.getByRole("article", { name: first, exact: true });
    await firstRow.getByRole("button", { name: `'${first}' 구성원 수정` }).click();
    await firstRow.getByLabel("새 프로필 사진").setInputFiles({
      name: "selfie.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("this is a text file with a .jpg name"),
    });
    await firstRow.getByRole("button", { name: "저장" }).click();
    await firstRow.getByText("이미지 파일이 아닙니다", { exact: false }).waitFor();
    expect((await fetch(`${baseURL()}${photoUrl}`)).status).toBe(200);

    // Reorder with the mouse (the keyboard's moves are checked in admin-courses.test.ts and
    // tests/component/sortable-list.test.tsx).
    // A file was chosen in the form: closing it asks first.
    await firstRow.getByRole("button", { name: "취소", exact: true }).click();
    await page
      .getByRole("dialog", { name: "입력한 내용을 버릴까요?" })
      .getByRole("button", { name: "버리고 닫기" })
      .click();
    await lists.dragOnto(page, list, second, first);
    await expect.poll(() => lists.listOrder(list), lists.eventually).toEqual([second, first]);
    await lists.successMessage(page, "구성원 순서가 변경되었습니다");
    await expect
      .poll(async () => (await publicGroup(title))?.members.map((m) => m.name), lists.eventually)
      .toEqual([second, first]);

    // Delete the photo, then a member, each after a confirmation.
    await firstRow.getByRole("button", { name: `'${first}' 구성원 수정` }).click();
    await lists.confirmDelete(page, firstRow, `'${first}'의 프로필 사진을 삭제할까요?`, "사진 삭제");
    await lists.successMessage(page, `'${first}' 프로필 사진이 삭제되었습니다`);
    expect((await fetch(`${baseURL()}${photoUrl}`)).status).toBe(404);
    await expect.poll(async () => (await publicGroup(title))?.members[0]?.photo, lists.eventually).toBeNull();

    await lists.confirmDelete(
      page,
      page.getByRole("article", { name: second, exact: true }),
      `'${second}' 구성원을 삭제할까요?`,
    );
    await lists.successMessage(page, `'${second}' 구성원이 삭제되었습니다`);
    await expect.poll(() => lists.listOrder(list), lists.eventually).toEqual([first]);

    // Deleting the group takes its remaining member along.
    await lists.confirmDelete(page, groupRow, `'${title}' 그룹을 삭제할까요?`);
    const deleted = page
      .getByRole("status")
      .filter({ hasText: `'${title}' 그룹이 삭제되었습니다` })
      .first();
    await expectAbsent(page.getByRole("list", { name: "그룹 순서" }).getByText(title), { once: deleted });
    await expect(publicGroup(title)).resolves.toBeNull();
    expect(consoleErrorsOf(page).filter((text) => !text.includes("status of 400"))).toEqual([]);
  });

  test("groups are reordered by dragging, the public chart follows, and the order is saved", async () => {
    const page = await lists.openAdminPage(await newPage(), "/admin/manage-organization");
    const groups = page.getByRole("list", { name: "그룹 순서" });
    const before = await lists.listOrder(groups);
    const [top, next] = before as [string, string];
    await lists.dragOnto(page, groups, next, top);
    await expect.poll(() => lists.listOrder(groups), lists.eventually).toEqual([next, top, ...before.slice(2)]);
    await lists.successMessage(page, "그룹 순서가 변경되었습니다");
    await expect(publicGroupTitles()).resolves.toEqual([next, top, ...before.slice(2)]);
    // Put the demo club's order back for the other tests: saved (not only shown) before the test ends.
    await lists.dragOnto(page, groups, top, next);
    await expect.poll(() => lists.listOrder(groups), lists.eventually).toEqual(before);
    await lists.successMessage(page, "그룹 순서가 변경되었습니다");
    // (The first move's message is still shown: wait for the order the page loads again.)
    await expect
      .poll(
        async () =>
          lists.serverListOrder(
            await lists.serverDocument("/admin/manage-organization", { signedIn: true }),
            "그룹 순서",
          ),
        lists.eventually,
      )
      .toEqual(before);
  });
});
