import { describe, expect, test } from "vitest";
import { serverDocument } from "./admin-lists.ts";
import { openAdminPage } from "./support/admin.ts";
import { consoleErrorsOf, setupBrowser } from "./support/browser.ts";

const { newPage } = setupBrowser();

async function openLeaders() {
  return openAdminPage(await newPage(), "/admin/manage-leaders");
}

const presidentName = (page: Awaited<ReturnType<typeof openLeaders>>) =>
  page.getByRole("group", { name: "회장", exact: true }).getByLabel("이름");

describe("manage-leaders", () => {
  test("the fields carry the schema's limits, a malformed phone is refused next to it, a saved change shows in the footer with an audit entry, leaving unsaved asks first", async () => {
    const page = await openLeaders();

    // The fields carry the schema's limits; the optional row needs nothing.
    const president = page.getByRole("group", { name: "회장", exact: true });
    const optional = page.getByRole("group", { name: "부회장 (선택)", exact: true });
    await president.getByRole("textbox", { name: "이름 (필수)" }).waitFor();
    await president.getByRole("textbox", { name: "전화번호 (필수)" }).waitFor();
    await expect(president.getByRole("textbox", { name: "이름 (필수)" }).getAttribute("maxlength")).resolves.toBe("30");
    await optional.getByRole("textbox", { name: "이름", exact: true }).waitFor();
    await expect(
      optional.getByRole("textbox", { name: "이름", exact: true }).getAttribute("required"),
    ).resolves.toBeNull();

    // A malformed phone number is refused next to its field and the typed values stay.
    const vice = page.getByRole("group", { name: "부회장", exact: true });
    const [viceName, vicePhone] = [
      await vice.getByLabel("이름").inputValue(),
      await vice.getByLabel("전화번호").inputValue(),
    ];
    await vice.getByLabel("이름").fill("새 부회장");
    await vice.getByLabel("전화번호").fill("12345");
    await page.getByRole("button", { name: "저장" }).click();
    await page.getByRole("alert").filter({ hasText: "입력한 내용을 확인해 주세요" }).waitFor();
    await vice.getByText("010-1234-5678 형식").waitFor();
    await expect.poll(() => vice.getByLabel("전화번호").getAttribute("aria-invalid")).toBe("true");
    await expect(vice.getByLabel("이름").inputValue()).resolves.toBe("새 부회장");
    await vice.getByLabel("이름").fill(viceName);
    await vice.getByLabel("전화번호").fill(vicePhone);

    // A saved change shows in the public footer (as the server sends it to visitors).
    await presidentName(page).fill("홍길동");
    await president.getByLabel("전화번호").fill("010-2222-3333");
    await page.getByRole("button", { name: "저장" }).click();
    await page.getByRole("status").filter({ hasText: "운영진 정보가 수정되었습니다" }).waitFor();
    const footer = (await serverDocument("/")).querySelector("footer")?.textContent;
    expect(footer).toContain("홍길동");
    expect(footer).toContain("010-2222-3333");

    // Leaving with unsaved changes asks first.
    await presidentName(page).fill("저장 안 함");
    await page.getByRole("link", { name: "대시보드" }).first().click();
    const dialog = page.getByRole("dialog", { name: "저장하지 않은 변경 사항이 있습니다" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "계속 편집하기" }).click();
    await expect.poll(() => presidentName(page).inputValue()).toBe("저장 안 함");
    await page.getByRole("link", { name: "대시보드" }).first().click();
    await dialog.getByRole("button", { name: "저장하지 않고 떠나기" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");

    // The dashboard's recent changes have the save's audit entry.
    await page.getByRole("region", { name: "최근 변경" }).getByText("운영진 정보가 수정되었습니다").first().waitFor();
    // The malformed phone's refusal is the only failed request.
    expect(consoleErrorsOf(page).filter((text) => !text.includes("status of 400"))).toEqual([]);
  });

  test("a save over a newer version is refused with the conflict message and keeps the typing", async () => {
    const first = await openLeaders();
    const second = await openLeaders();

    await presidentName(first).fill("먼저 저장");
    await first.getByRole("button", { name: "저장" }).click();
    await first.getByRole("status").filter({ hasText: "수정되었습니다" }).waitFor();

    await presidentName(second).fill("나중에 저장");
    await second.getByRole("button", { name: "저장" }).click();
    await second.getByRole("alert").filter({ hasText: "다른 관리자가 먼저" }).waitFor();
    await expect(presidentName(second).inputValue()).resolves.toBe("나중에 저장");

    await second.getByRole("button", { name: "최신 내용 불러오기" }).click();
    await expect.poll(() => presidentName(second).inputValue()).toBe("먼저 저장");
  });
});
