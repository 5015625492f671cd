import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { formatDateTime, parseSeoulDateTimeInput, seoulDateTimeInput } from "#shared/dates.ts";
import * as lists from "./admin-lists.ts";
import { signedIn } from "./support/admin.ts";
import { createArticle, deleteFromEditor, openEditor, statusBox } from "./support/article-editor.ts";
import { baseURL, consoleErrorsOf, setupBrowser, waitForHydration } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();

/** A date field's value as messages write it: "2026. 12. 02. 18:00". */
const shownTime = (typed: string) => formatDateTime(parseSeoulDateTimeInput(typed) ?? typed);

/** Follows a link that opens a new tab and checks that the tab shows the article's preview. */
async function expectPreviewOpens(page: Page, link: Locator, id: string, title: string) {
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await tab.getByRole("note", { name: "미리보기 안내" }).waitFor();
  expect(new URL(tab.url()).pathname).toBe(`/community/media/${id}/preview`);
  await expect(tab.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(title);
  await tab.close();
}

/** What an anonymous visitor gets at an address: its status and whether the text shows. */
async function visitorSees(path: string, text: string) {
  const response = await fetch(new URL(path, baseURL()));
  return { status: response.status, shows: (await response.text()).includes(text) };
}

describe("an article's status", () => {
  test("a draft stays off the public site with its badge in the list and a preview; scheduled, still hidden; published, it shows", async () => {
    const page = await newPage();
    await signedIn(page);
    const title = lists.uniqueName("E2E 임시 저장 글");
    const id = await createArticle(page, {
      title,
      tag: "E2E상태",
      body: "아직 공개하지 않는 글입니다.",
      status: "draft",
    });
    await page
      .getByRole("status")
      .filter({ hasText: `'${title}' 게시글이 추가되었습니다 (임시 저장)` })
      .first()
      .waitFor();
    await expect(visitorSees(`/community/media/${id}`, title)).resolves.toEqual({ status: 404, shows: false });
    await expect(visitorSees("/community/media?tag=E2E%EC%83%81%ED%83%9C", title)).resolves.toMatchObject({
      shows: false,
    });

    // The list marks it, and its status filter finds it; a draft has no public link.
    await page.goto("/admin/manage-posts?status=draft");
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row.getByRole("cell").allTextContents()).resolves.toContain("임시 저장");
    await expectAbsent(row.getByRole("link", { name: /^보기/ }), { once: row });

    // Its preview opens in a new tab: the public article page, with a notice that says so.
    const [preview] = await Promise.all([
      page.context().waitForEvent("page"),
      row.getByRole("link", { name: /^미리보기/ }).click(),
    ]);
    await preview.getByRole("note", { name: "미리보기 안내" }).waitFor();
    await expect(preview.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(title);
    await expect(preview.getByRole("note").textContent()).resolves.toContain(
      "'임시 저장' 상태라 방문자에게는 아직 보이지 않습니다",
    );
    await preview.close();

    // Its editor's link opens the same preview.
    await openEditor(page, `/admin/manage-posts/${id}`);
    await expectPreviewOpens(page, page.getByRole("link", { name: /^미리보기로 보기/ }), id, title);

    // Scheduled for a past time: refused next to the date, the typing kept.
    await statusBox(page).selectOption("scheduled");
    await page.getByLabel("게시일").fill("2020-01-01T09:00");
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await page.getByText("예약 시각은 지금보다 뒤여야 합니다").first().waitFor();
    await expect(statusBox(page).inputValue()).resolves.toBe("scheduled");

    // Scheduled for next week: saved, still hidden from visitors.
    const nextWeek = seoulDateTimeInput(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString());
    await page.getByLabel("게시일").fill(nextWeek);
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await lists.successMessage(page, `(예약: ${shownTime(nextWeek)}에 게시)`);
    await expect(visitorSees(`/community/media/${id}`, title)).resolves.toEqual({ status: 404, shows: false });

    // Published now: the visitor sees it.
    await statusBox(page).selectOption("published");
    await page.getByLabel("게시일").fill(seoulDateTimeInput(new Date(Date.now() - 60_000).toISOString()));
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await lists.successMessage(page, `'${title}' 게시글이 수정되었습니다`);
    await expect
      .poll(async () => (await visitorSees(`/community/media/${id}`, title)).status, lists.eventually)
      .toBe(200);
    // Public now, the editor links to the public page itself.
    await expect(page.getByRole("link", { name: /^공개 페이지에서 보기/ }).getAttribute("href")).resolves.toBe(
      `/community/media/${id}`,
    );
    // Away again, so the other tests find the demo club's articles as they were.
    await deleteFromEditor(page, id, title);
    // The refused save is the only thing the console reports (its reason phrase, if any, aside).
    expect(consoleErrorsOf(page)).toEqual([
      expect.stringMatching(/^Failed to load resource: the server responded with a status of 400 \(/),
    ]);
  });

  test("a scheduled article waits for its time, shown in the list with the time it goes public", async () => {
    const page = await newPage();
    await signedIn(page);
    const title = lists.uniqueName("E2E 예약 글");
    const at = seoulDateTimeInput(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString());
    const id = await createArticle(page, {
      title,
      tag: "E2E상태",
      body: "사흘 뒤에 공개되는 글입니다.",
      status: "scheduled",
      publishedAt: at,
    });
    await page
      .getByRole("status")
      .filter({ hasText: `(예약: ${shownTime(at)}에 게시)` })
      .first()
      .waitFor();
    await expect(visitorSees(`/community/media/${id}`, title)).resolves.toEqual({ status: 404, shows: false });
    // Not public yet: the notice's link and the editor's own open the preview, not a 404.
    await expect(page.getByRole("link", { name: /공개 페이지에서/ }).count()).resolves.toBe(0);
    for (const name of ["미리보기로 확인하기", "미리보기로 보기"]) {
      await expectPreviewOpens(page, page.getByRole("link", { name: new RegExp(`^${name}`) }), id, title);
    }
    await page.goto("/admin/manage-posts");
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row.getByRole("cell").allTextContents()).resolves.toContain("예약");
    await deleteFromEditor(page, id, title);
  });
});
