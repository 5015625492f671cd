import { describe, expect, test } from "vitest";
import { AUTOSAVE_DELAY_MS } from "#app/lib/admin/use-autosave.ts";
import { SESSION_COOKIE_NAME, sessionIdOf } from "#server/domain/accounts/sessions.ts";
import { readSessionToken } from "#server/http/session-guard.ts";
import * as lists from "./admin-lists.ts";
import { account, sessionCookiesOf, signedIn } from "./support/admin.ts";
import { addArticle, bodyBox, openEditor, removeArticle, replaceBody } from "./support/article-editor.ts";
import { baseURL, setupBrowser, waitForHydration } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const server = openServerDatabase();

/** The text an anonymous visitor gets at an address. */
const visitorText = lists.publicText;

const saveButton = (page: import("playwright-core").Page) => page.getByRole("button", { name: "저장", exact: true });

const RECOVER_OFFER = "저장하지 않은 글이 있습니다";

/** An article's editor as the server renders it for the run's manager, as a reload would show it. */
const serverEditor = (id: string) => lists.serverDocument(`/admin/manage-posts/${id}`, { signedIn: true });

describe("the article editor's safety nets", () => {
  test("an autosaved copy survives a closed tab and is recovered into the editor", async () => {
    const page = await newPage();
    await signedIn(page);
    const title = lists.uniqueName("E2E 자동 저장 글");
    const id = await addArticle({ title, body: "처음에 쓴 문장입니다." });
    // The pages' clock is the test's to move (it runs as usual otherwise): the pause after typing
    // that sends a copy is skipped over, not waited out.
    await page.clock.install();
    await openEditor(page, `/admin/manage-posts/${id}`);

    await replaceBody(page, "탭을 닫기 전에 쓰던 문장입니다.");
    await page.clock.fastForward(AUTOSAVE_DELAY_MS);
    await page.getByRole("status").filter({ hasText: "자동 저장: 저장됨" }).waitFor();

    // The unsaved typing previewed as visitors would see it, in a tab of its own.
    const [preview] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("button", { name: "미리보기" }).click(),
    ]);
    const notice = preview.getByRole("note", { name: "미리보기 안내" });
    await expect.poll(() => notice.textContent(), lists.eventually).toContain("아직 저장하지 않은 내용입니다");
    await expect(preview.locator("main").textContent()).resolves.toContain("탭을 닫기 전에 쓰던 문장입니다.");
    await expect(visitorText(`/community/media/${id}`)).resolves.toContain("처음에 쓴 문장입니다.");
    await preview.close();
    // A new tab, and the first one closed: the editor offers the copy; the article itself is
    // unchanged until it is saved.
    const again = await page.context().newPage();
    await page.close();
    await openEditor(again, `/admin/manage-posts/${id}`);
    await again.getByText(RECOVER_OFFER).waitFor();
    // The server sends the offer with the page (what the check of its absence below relies on).
    expect((await serverEditor(id)).body.textContent).toContain(RECOVER_OFFER);
    await expect(visitorText(`/community/media/${id}`)).resolves.not.toContain("탭을 닫기 전에");
    await again.getByRole("button", { name: "자동 저장된 내용 불러오기" }).click();
    await expect.poll(() => bodyBox(again).textContent(), lists.eventually).toBe("탭을 닫기 전에 쓰던 문장입니다.");
    await saveButton(again).click();
    await lists.successMessage(again, `'${title}' 게시글이 수정되었습니다`);
    await expect.poll(() => visitorText(`/community/media/${id}`), lists.eventually).toContain("탭을 닫기 전에");

    // Saved, the copy is spent: the editor opens without the offer.
    const reopened = await serverEditor(id);
    expect(reopened.querySelector('input[name="title"]')?.getAttribute("value")).toBe(title);
    expect(reopened.body.textContent).not.toContain(RECOVER_OFFER);
    await removeArticle(server.db(), id);
  });

  test("an older revision is compared with the newest and restored, and visitors see it", async () => {
    const page = await newPage();
    await signedIn(page);
    const title = lists.uniqueName("E2E 변경 기록 글");
    const id = await addArticle({ title, body: "동아리 방은 공학관 301호입니다." });
    await openEditor(page, `/admin/manage-posts/${id}`);
    await replaceBody(page, "동아리 방은 공학관 402호로 옮겼습니다.");
    await saveButton(page).click();
    await lists.successMessage(page, `'${title}' 게시글이 수정되었습니다`);
    await expect.poll(() => visitorText(`/community/media/${id}`), lists.eventually).toContain("402호로");

    const history = page.getByRole("region", { name: "게시글 변경 기록" }).first();
    const rows = history.getByRole("row");
    await expect.poll(() => rows.count(), lists.eventually).toBe(3);
    // Each save tells what it changed, at a time to the second.
    const savedAt = /^\d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}:\d{2}/;
    await expect(rows.nth(1).locator("time").textContent()).resolves.toMatch(savedAt);
    await expect(rows.nth(1).textContent()).resolves.toMatch(/본문 바뀜 · 낱말 \d+개 더함, \d+개 지움/);
    await expect(rows.nth(2).textContent()).resolves.toContain("처음 기록");
    // The comparison picks the two newest by default: the words that changed are marked, and
    // its title names each version to the second, with who saved it and what changed.
    await page.getByRole("button", { name: "고른 두 버전 비교" }).click();
    await page.locator("del", { hasText: "301호입니다" }).waitFor();
    const comparison = history.getByRole("region", { name: /버전 비교$/ });
    await expect(comparison.getByRole("heading").textContent()).resolves.toMatch(
      /^\d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}:\d{2} \(.+@.+\) 버전과 \d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}:\d{2} \(.+@.+\) 버전 비교$/,
    );
    await expect(comparison.textContent()).resolves.toContain("본문 바뀜 · 낱말");
    await expect(page.locator("ins").allTextContents()).resolves.toEqual(
      expect.arrayContaining([expect.stringContaining("402호로")]),
    );

    // The first version back: a new revision, and the public page reads as it did.
    await rows.last().getByRole("button", { name: "이 버전으로 되돌리기" }).click();
    await page
      .getByRole("dialog", { name: /버전으로 되돌릴까요\?$/ })
      .getByRole("button", { name: "되돌리기" })
      .click();
    await lists.successMessage(page, "버전으로 되돌렸습니다");
    await expect.poll(() => visitorText(`/community/media/${id}`), lists.eventually).toContain("301호입니다.");
    await expect.poll(() => rows.count(), lists.eventually).toBe(4);
    await expect(rows.nth(1).textContent()).resolves.toContain("되돌림");
    await expect.poll(() => bodyBox(page).textContent(), lists.eventually).toBe("동아리 방은 공학관 301호입니다.");
    await removeArticle(server.db(), id);
  });

  test("a save that changes nothing says so and keeps no revision, for an article and a single document", async () => {
    // A demo article: its text has line breaks and its time has seconds, neither shown as such.
    const demo = await server
      .db()
      .selectFrom("articles")
      .select("id")
      .where("status", "=", "published")
      .orderBy("published_at", "asc")
      .executeTakeFirstOrThrow();
    const page = await newPage();
    await signedIn(page);
    await openEditor(page, `/admin/manage-posts/${demo.id}`);
    const rows = page.getByRole("region", { name: "게시글 변경 기록" }).first().getByRole("row");
    const before = await rows.count();
    await saveButton(page).click();
    await page
      .getByRole("status")
      .filter({ hasText: "게시글에 바뀐 내용이 없어 저장하지 않았습니다. 변경 기록도 그대로입니다." })
      .waitFor();
    // The editor as a reload shows it: the history has no new row.
    const history = [...(await serverEditor(demo.id)).querySelectorAll("section")].find(
      (section) => section.querySelector("h2")?.textContent === "게시글 변경 기록",
    );
    expect(history?.querySelectorAll("tr").length).toBe(before);

    // A single document, reached through the admin menu.
    await waitForHydration(page);
    await page.locator("aside").getByRole("link", { name: "운영진" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/manage-leaders");
    await page.getByRole("heading", { level: 1, name: "운영진" }).waitFor();
    await page.getByRole("button", { name: "저장" }).click();
    await page.getByRole("status").filter({ hasText: "바뀐 내용이 없어 저장하지 않았습니다" }).waitFor();
  });

  test("a save after the session ended opens a sign-in dialog and goes through without retyping", async () => {
    // A session of its own (the other tests share one), to be ended: signed in by a plain post.
    const page = await newPage();
    await sessionCookiesOf(page, account());
    const title = lists.uniqueName("E2E 세션 만료 글");
    const id = await addArticle({ title, body: "세션이 끝나기 전의 문장입니다." });
    await openEditor(page, `/admin/manage-posts/${id}`);
    await replaceBody(page, "세션이 끝난 뒤에 마저 쓴 문장입니다.");

    // The session ends behind the page's back.
    const cookie = (await page.context().cookies()).find((entry) => entry.name === SESSION_COOKIE_NAME);
    const token = await readSessionToken(
      new Request(baseURL(), { headers: { Cookie: `${cookie?.name}=${cookie?.value}` } }),
    );
    if (!token) throw new Error("no session cookie");
    await server.db().deleteFrom("sessions").where("id", "=", sessionIdOf(token)).execute();

    await saveButton(page).click();
    const dialog = page.getByRole("dialog", { name: "다시 로그인해 주세요" });
    await dialog.waitFor();
    const frame = dialog.frameLocator("iframe[title='관리자 로그인']");
    await frame.getByLabel("이메일").fill(account().email);
    await frame.getByLabel("비밀번호").fill(account().password);
    await frame.getByRole("button", { name: "로그인", exact: true }).click();

    await lists.successMessage(page, `'${title}' 게시글이 수정되었습니다`);
    await expect(dialog.isVisible()).resolves.toBe(false);
    await expect(bodyBox(page).textContent()).resolves.toBe("세션이 끝난 뒤에 마저 쓴 문장입니다.");
    await expect.poll(() => visitorText(`/community/media/${id}`), lists.eventually).toContain("마저 쓴 문장");
    await removeArticle(server.db(), id);
  });
});
