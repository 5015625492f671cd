import { describe, expect, test } from "vitest";
import { eventually, openAdminPage } from "./admin-lists.ts";
import { landingPath, menuPaths, newClient, ownerMenuPaths, signIn } from "./support/admin.ts";
import { consoleErrorsOf, setupBrowser, waitForHydration } from "./support/browser.ts";

const { newPage } = setupBrowser();
const PATH = "/admin/manage-managers";

describe("manage-managers", () => {
  test("invite an editor, who makes their account from the link in another browser and has no owner's pages; then remove them", async () => {
    const page = await openAdminPage(await newPage(), PATH);
    const note = "e2e 새 운영진";
    const invited = { email: "e2e-invited@club.test", password: "invited-password" };

    // The inviter makes a link, shown once to copy.
    const add = page.getByRole("form", { name: "관리자 초대" });
    await add.getByLabel("받는 사람").fill(note);
    // An invitation names its role: an editor's is offered first, chosen here all the same.
    expect(await add.getByLabel("역할").inputValue()).toBe("editor");
    await add.getByLabel("역할").selectOption({ label: "편집자" });
    await add.getByRole("button", { name: "초대 링크 만들기" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `'${note}' 관리자 초대 링크가 만들어졌습니다` })
      .waitFor();
    const link = await page.getByRole("textbox", { name: `'${note}' 초대 링크` }).inputValue();
    expect(link).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
    const open = page
      .getByRole("region", { name: "아직 쓰지 않은 초대 링크" })
      .getByRole("row", { name: new RegExp(note) });
    await open.waitFor();
    expect(await open.textContent()).toContain("편집자");

    // The invited person opens it in a browser of their own, without any session.
    const visitor = await newPage();
    await visitor.goto(link);
    await waitForHydration(visitor);
    await visitor.getByText(`'${note}' 님을 위한 초대입니다.`).waitFor();
    await visitor.getByLabel("이메일").fill(invited.email);
    await visitor.getByLabel("비밀번호 (필수)", { exact: true }).fill(invited.password);
    await visitor.getByLabel("비밀번호 확인").fill(invited.password);
    await visitor.getByRole("button", { name: "계정 만들기" }).click();
    await visitor.waitForURL((url) => url.pathname === "/admin/login" && url.search === "?accountCreated=1");
    await visitor.getByRole("status").filter({ hasText: "관리자 계정을 만들었습니다." }).waitFor();
    await signIn(visitor, invited, { goTo: false });
    await visitor.waitForURL((url) => url.pathname === "/admin");
    // An editor's admin: the content pages, and none of an owner's.
    await waitForHydration(visitor);
    expect(await menuPaths(visitor)).toContain("/admin/manage-posts");
    expect(await ownerMenuPaths(visitor)).toEqual([]);

    // The inviter sees the new manager, and the invitation is no longer open.
    await page.reload();
    await waitForHydration(page);
    const row = page.getByRole("row", { name: new RegExp(invited.email) });
    await row.waitFor();
    await expect.poll(() => row.textContent(), eventually).not.toContain("기록 없음");
    expect(await row.textContent()).toContain("편집자");
    await expect.poll(() => open.count(), eventually).toBe(0);

    // The link is spent: opening it again, in a browser without a session, says so (asked for
    // its page, without loading it).
    const again = await (await newClient()).get(link, { headers: { accept: "text/html" } });
    expect(again.status()).toBe(410);

    // Removal asks first, then ends the account and its session.
    await row.getByRole("button", { name: "삭제" }).click();
    const dialog = page.getByRole("dialog", { name: `'${invited.email}' 계정을 삭제할까요?` });
    await dialog.getByRole("button", { name: "계정 삭제" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `'${invited.email}' 관리자 계정이 삭제되었습니다 (세션 1개 종료)` })
      .waitFor();
    await expect.poll(() => row.count(), eventually).toBe(0);
    await expect(landingPath(visitor.request, "/admin")).resolves.toBe("/admin/login");

    expect(consoleErrorsOf(page)).toEqual([]);
    expect(consoleErrorsOf(visitor)).toEqual([]);
  });
});
