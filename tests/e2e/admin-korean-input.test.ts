import type { CDPSession, Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { openAdminPage } from "./admin-lists.ts";
import { setupBrowser } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();

/**
 * Types Hangul the way a Korean input method does: each jamo updates an open composition, and
 * the syllable is committed only when the next one starts (or the word ends).
 */
async function composeHangul(cdp: CDPSession, syllables: { steps: string[] }[]) {
  for (const { steps } of syllables) {
    for (const step of steps) {
      await cdp.send("Input.imeSetComposition", {
        text: step,
        selectionStart: step.length,
        selectionEnd: step.length,
      });
    }
    await cdp.send("Input.insertText", { text: steps.at(-1) ?? "" });
  }
}

/** "한글", jamo by jamo. */
const hangulWord = [{ steps: ["ㅎ", "하", "한"] }, { steps: ["ㄱ", "그", "글"] }];

/** Whether the page cancels an Enter pressed in the field (that is, it will not send the form). */
function enterIsCancelled(field: Locator, composing: boolean): Promise<boolean> {
  return field.evaluate((element, isComposing) => {
    const event = new KeyboardEvent("keydown", {
      key: "Enter",
      bubbles: true,
      cancelable: true,
      isComposing,
    });
    element.dispatchEvent(event);
    return event.defaultPrevented;
  }, composing);
}

async function openWithInputMethod(path: string): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await openAdminPage(await newPage(), path);
  return { page, cdp: await page.context().newCDPSession(page) };
}

describe("Korean input in the admin forms", () => {
  test("a single-document form keeps whole syllables, and the Enter that ends one never sends it", async () => {
    const { page, cdp } = await openWithInputMethod("/admin/manage-leaders");
    const name = page.getByRole("group", { name: "회장", exact: true }).getByLabel("이름");
    await name.fill("");
    await name.focus();
    await cdp.send("Input.imeSetComposition", { text: "ㅎ", selectionStart: 1, selectionEnd: 1 });
    await expect(enterIsCancelled(name, true)).resolves.toBe(true);
    await cdp.send("Input.imeSetComposition", { text: "", selectionStart: 0, selectionEnd: 0 });
    await composeHangul(cdp, hangulWord);
    await expect(name.inputValue()).resolves.toBe("한글");
    // Outside a composition, Enter is the browser's usual way to send the form.
    await expect(enterIsCancelled(name, false)).resolves.toBe(false);
    await expectAbsent(page.getByRole("status").filter({ hasText: "수정되었습니다" }), { once: name });
  });

  test("a list's add form takes Hangul in its text fields and its text area", async () => {
    const { page, cdp } = await openWithInputMethod("/admin/manage-calendar");
    await page.getByText("새 일정 추가", { exact: true }).click();
    const form = page.getByRole("form", { name: "새 일정 추가" });
    for (const field of [form.getByLabel("제목"), form.getByLabel("설명")]) {
      await field.focus();
      await composeHangul(cdp, hangulWord);
      await expect(field.inputValue()).resolves.toBe("한글");
      await expect(enterIsCancelled(field, true)).resolves.toBe(true);
    }
  });

  test("the article editor commits each syllable once", async () => {
    const { page, cdp } = await openWithInputMethod("/admin/manage-posts/new");
    const body = page.getByRole("textbox", { name: "본문" });
    await body.click();
    await composeHangul(cdp, hangulWord);
    await cdp.send("Input.insertText", { text: " " });
    await composeHangul(cdp, hangulWord);
    await expect(body.textContent()).resolves.toBe("한글 한글");
  });
});
