import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { VersionedDocument } from "#server/db/documents.ts";
import { writeWithFiles } from "#server/domain/files/files.ts";
import { getRules, type Rules, saveRules } from "#server/domain/rules/rules.ts";
import * as lists from "./admin-lists.ts";
import { consoleErrorsOf, setupBrowser, waitForHydration } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();
const title = lists.uniqueName("E2E 보관함 세칙");
const names = [`${title}.pdf`, `${title} 부록.pdf`];
let original: VersionedDocument<Rules>;
let started = "";

beforeAll(async () => {
  original = await getRules(data.db());
  started = new Date().toISOString();
});

afterAll(async () => {
  // The other test files expect the seeded rules, and count the demo files.
  const db = data.db();
  const current = await getRules(db);
  if (current.version !== original.version) await saveRules(db, original.value, current.version);
  await db.deleteFrom("revisions").where("subject_id", "=", "rules").where("created_at", ">=", started).execute();
  const left = await db.selectFrom("files").select("id").where("original_name", "in", names).execute();
  await writeWithFiles(db, data.storage(), async (_trx, files) => {
    for (const { id } of left) await files.remove(id);
  });
  await data.contentChanged();
});

/** The library's row of the file uploaded as `name`. */
const fileRow = (page: Page, name: string): Locator =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name: `${name} (새 탭)` }) });

/** Searches the library from its search bar, as a manager does. */
async function searchLibrary(page: Page, words: string, use: "쓰이는 파일" | "쓰이지 않는 파일") {
  const search = page.getByRole("search", { name: "파일 검색" });
  await search.getByLabel("파일 이름").fill(words);
  await search.getByLabel("쓰임").selectOption({ label: use });
  await search.getByRole("button", { name: "검색" }).click();
  await page.waitForURL((url) => url.searchParams.get("search") === words);
}

describe("the file library", () => {
  test("a PDF the rules use shows where, with no delete; once a restore leaves it unused it is deleted", async () => {
    const page = await lists.openAdminPage(await newPage(), "/admin/manage-rule");
    for (const [index, name] of names.entries()) {
      await page.getByRole("button", { name: "PDF 파일 추가" }).click();
      const row = page
        .getByRole("listitem")
        .filter({ has: page.getByLabel("PDF 파일 (필수)") })
        .last();
      await row.getByLabel("PDF 파일 (필수)").setInputFiles(lists.pdfFile(name, `보관함 시험 ${index}`));
      await row.getByLabel("제목").fill(name.replace(/\.pdf$/, ""));
      await row.getByLabel("내려받을 파일 이름").fill(name);
    }
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await lists.successMessage(page, `'${title}' 회칙 파일이 추가되었습니다`);

    // In use: where, linked to the rules page; nothing to tick or delete.
    await page.goto("/admin/files");
    await waitForHydration(page);
    await searchLibrary(page, title, "쓰이는 파일");
    const used = fileRow(page, names[0] ?? "");
    const where = used.getByRole("link", { name: `회칙 첨부 파일 '${title}'` });
    await where.waitFor();
    await expect(fileRow(page, names[1] ?? "").count()).resolves.toBe(1);
    await expectAbsent(used.getByRole("button", { name: "삭제" }), { once: where });
    await expectAbsent(used.getByRole("checkbox"), { once: where });
    await where.click();
    await page.waitForURL((url) => url.pathname === "/admin/manage-rule");
    await page.getByRole("heading", { level: 1, name: "회칙" }).waitFor();

    // The version before them back: the rules no longer name the two PDFs, which stay stored.
    await waitForHydration(page);
    const history = page.getByRole("region", { name: "회칙 변경 기록" });
    await history.getByRole("row").nth(2).getByRole("button", { name: "이 버전으로 되돌리기" }).click();
    await page
      .getByRole("dialog", { name: /버전으로 되돌릴까요\?$/ })
      .getByRole("button", { name: "되돌리기" })
      .click();
    await lists.successMessage(page, "버전으로 되돌렸습니다");

    await page.goto("/admin/files");
    await waitForHydration(page);
    await searchLibrary(page, title, "쓰이지 않는 파일");
    const first = fileRow(page, names[0] ?? "");
    const second = fileRow(page, names[1] ?? "");
    await first.getByText("쓰이지 않음").waitFor();
    await second.getByText("쓰이지 않음").waitFor();
    const address = (await first.getByRole("link", { name: `${names[0]} (새 탭)` }).getAttribute("href")) ?? "";
    expect((await page.request.get(address)).status()).toBe(200);

    // One with its own button...
    await first.getByRole("button", { name: "삭제", exact: true }).click();
    await page
      .getByRole("dialog", { name: `'${names[0]}' 파일을 삭제할까요?` })
      .getByRole("button", { name: "파일 삭제" })
      .click();
    await lists.successMessage(page, `'${names[0]}' 파일이 삭제되었습니다`);
    await first.waitFor({ state: "detached" });
    expect((await page.request.get(address)).status()).toBe(404);

    // ...and one ticked and deleted with the chosen ones.
    const deleteChosen = page.getByRole("button", { name: /^고른 파일 삭제/ });
    await expect(deleteChosen.isDisabled()).resolves.toBe(true);
    await page.getByRole("checkbox", { name: `'${names[1]}' 고르기` }).check();
    await expect.poll(() => deleteChosen.textContent()).toBe("고른 파일 삭제 (1개)");
    await deleteChosen.click();
    await page
      .getByRole("dialog", { name: "고른 파일 1개를 삭제할까요?" })
      .getByRole("button", { name: "파일 1개 삭제" })
      .click();
    await lists.successMessage(page, `'${names[1]}' 파일이 삭제되었습니다`);
    await page.getByText("조건에 맞는 파일이 없습니다").waitFor();

    // The dashboard's recent changes of the files name the deletion.
    const dashboard = await lists.serverDocument("/admin?category=files", { signedIn: true });
    expect(dashboard.querySelector("main")?.textContent).toContain(`'${names[1]}' 파일이 삭제되었습니다`);
    expect(consoleErrorsOf(page)).toEqual([]);
  }, 90_000);
});
