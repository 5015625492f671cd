import type { Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { selectedValue } from "#shared/list-selection.ts";
import * as lists from "./admin-lists.ts";
import { openAdminPage, signedIn } from "./support/admin.ts";
import { addArticle } from "./support/article-editor.ts";
import { severeViolations } from "./support/axe.ts";
import { baseURL, consoleErrorsOf, setupBrowser } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();

/** A tag of this run's own, so the list shows only the articles made here. */
const TAG = `E2E일괄${Math.random().toString(36).slice(2, 6)}`;
const listPath = `/admin/manage-posts?tag=${encodeURIComponent(TAG)}`;

/** Whatever a failed test left behind goes, through the articles' own delete. */
afterAll(async () => {
  const left = await data.db().selectFrom("articles").select(["id", "version"]).where("tag", "=", TAG).execute();
  if (left.length === 0) return;
  const page = await openAdminPage(await newPage(), "/admin");
  await page.evaluate(
    async (selected) => {
      const form = new FormData();
      form.set("intent", "bulk-delete");
      for (const value of selected) form.append("selected", value);
      await fetch("/admin/api/articles", { method: "POST", body: form });
    },
    left.map((row) => selectedValue(row.id, row.version)),
  );
});

const rowOf = (page: Page, title: string) => page.getByRole("row").filter({ hasText: title });
const cellsOf = (page: Page, title: string) => rowOf(page, title).getByRole("cell").allTextContents();
const checkboxOf = (page: Page, title: string) => page.getByRole("checkbox", { name: `'${title}' 선택` });

describe("changing several articles at once", () => {
  test("two of three are taken off the site with one confirmation, then deleted together", async () => {
    const first = lists.uniqueName("E2E 일괄 첫째 글");
    const second = lists.uniqueName("E2E 일괄 둘째 글");
    const third = lists.uniqueName("E2E 일괄 셋째 글");
    // Written through the endpoint, not the editor: what is tested here is the list.
    for (const title of [first, second, third]) {
      await addArticle({ title, tag: TAG, body: `${title}의 본문입니다.` });
    }

    const page = await openAdminPage(await newPage(), listPath);
    await expect.poll(() => page.getByRole("checkbox", { name: /' 선택$/ }).count(), lists.eventually).toBe(3);
    const unpublish = page.getByRole("button", { name: "선택한 글 내리기" });
    // Nothing chosen yet: nothing to send.
    await expect(unpublish.isDisabled()).resolves.toBe(true);
    await checkboxOf(page, first).check();
    await checkboxOf(page, second).check();
    await page.getByText("2개 선택함").waitFor();
    // The chosen rows, the bar and its buttons read well in both themes.
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await severeViolations(page, "main"), colorScheme).toEqual([]);
    }

    // One confirmation that says how many and which.
    await unpublish.click();
    const question = page.getByRole("dialog", { name: "게시글 2개를 내릴까요?" });
    await question.waitFor();
    const named = await question.getByRole("list", { name: "고른 글" }).getByRole("listitem").allTextContents();
    expect(named.sort()).toEqual([first, second].sort());
    await question.getByRole("button", { name: "내리기", exact: true }).click();
    await lists.successMessage(page, "게시글 2개가 내려졌습니다 (임시 저장)");

    // Their badges change where they stand; the third is still published; nothing stays ticked.
    await expect.poll(() => cellsOf(page, first), lists.eventually).toContain("임시 저장");
    await expect.poll(() => cellsOf(page, second), lists.eventually).toContain("임시 저장");
    await expect.poll(() => cellsOf(page, third), lists.eventually).toContain("게시됨");
    await expect(checkboxOf(page, first).isChecked()).resolves.toBe(false);
    const media = await lists.publicText(`/community/media?tag=${encodeURIComponent(TAG)}`);
    expect(media).toContain(third);
    expect(media).not.toContain(first);
    expect(media).not.toContain(second);

    // The same two, deleted together.
    await checkboxOf(page, first).check();
    await checkboxOf(page, second).check();
    await page.getByRole("button", { name: "선택한 글 삭제" }).click();
    const removal = page.getByRole("dialog", { name: "게시글 2개를 삭제할까요?" });
    await removal.waitFor();
    await expect(removal.textContent()).resolves.toContain("되돌릴 수 없습니다");
    await removal.getByRole("button", { name: "삭제", exact: true }).click();
    await lists.successMessage(page, "게시글 2개가 삭제되었습니다");
    await expect.poll(() => rowOf(page, first).count(), lists.eventually).toBe(0);
    await expect.poll(() => rowOf(page, second).count(), lists.eventually).toBe(0);
    const stored = await data.db().selectFrom("articles").select("title").where("tag", "=", TAG).execute();
    expect(stored.map((row) => row.title)).toEqual([third]);

    // The last one goes too, chosen with "all on this page".
    await page.getByRole("checkbox", { name: "이 페이지의 글 모두 선택" }).check();
    await expect(checkboxOf(page, third).isChecked()).resolves.toBe(true);
    await page.getByRole("button", { name: "선택한 글 삭제" }).click();
    await page
      .getByRole("dialog", { name: "게시글 1개를 삭제할까요?" })
      .getByRole("button", { name: "삭제", exact: true })
      .click();
    await lists.successMessage(page, "게시글 1개가 삭제되었습니다");
    await page.getByText("조건에 맞는 게시글이 없습니다").waitFor();
    expect(consoleErrorsOf(page)).toEqual([]);
  }, 120_000);

  test("without JavaScript the chosen articles are still sent, after the same confirmation", async () => {
    const title = lists.uniqueName("E2E 스크립트 없이 지울 글");
    await addArticle({ title, tag: TAG, body: "스크립트 없이 지웁니다." });

    const plain = await newPage({ javaScriptEnabled: false });
    await signedIn(plain);
    await plain.goto(listPath);
    await checkboxOf(plain, title).check();
    await plain.getByRole("button", { name: "선택한 글 삭제" }).click();
    const question = plain.getByRole("dialog", { name: "고른 게시글을 삭제할까요?" });
    await question.waitFor();
    await Promise.all([
      plain.waitForURL(`${baseURL()}/admin/api/articles`),
      question.getByRole("button", { name: "삭제", exact: true }).click(),
    ]);
    await plain.getByText("게시글 1개가 삭제되었습니다").waitFor();
    const stored = await data.db().selectFrom("articles").select("id").where("title", "=", title).execute();
    expect(stored).toEqual([]);
  });
});
