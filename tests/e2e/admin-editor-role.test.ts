import type { Cookie, Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { adminPagesOf } from "#server/domain/write/admin-pages.ts";
import {
  createAccountWithCli,
  menuPaths,
  OWNER_ONLY_PATHS,
  openAdminPage,
  openAdminPageWith,
  ownerMenuPaths,
  sessionCookiesOf,
} from "./support/admin.ts";
import { consoleErrorsOf, setupBrowser } from "./support/browser.ts";

/**
 * An editor's admin (decision 0045): the menu and the dashboard show the content and the
 * editor's own account, nothing of an owner's, and an owner's page typed in is the site's 403
 * page. The run's manager is an owner: the same checks on their admin show what an editor misses.
 */
const { newPage } = setupBrowser();
const editor = { email: "e2e-editor-role@club.test", password: "editor-role-password" };
let editorCookies: Cookie[];

beforeAll(async () => {
  await createAccountWithCli(editor.email, editor.password, "editor");
  editorCookies = await sessionCookiesOf(await newPage(), editor);
});

const asEditor = async (path: string) => openAdminPageWith(await newPage(), editorCookies, path);

const OWN_ACCOUNT_PATHS = ["/admin/manage-password", "/admin/security", "/admin/manual"];

/** The content pages an editor writes: every content page but the owners' (site settings, accounts). */
const contentPaths = () =>
  adminPagesOf()
    .map((page) => page.path)
    .filter((path) => !(OWNER_ONLY_PATHS as readonly string[]).includes(path));

/** What only an owner's dashboard shows. */
const ownerParts = (page: Page) => ({
  backup: page.getByText(/^자동 백업/),
  refusedSignIns: page.getByRole("heading", { level: 2, name: "최근 거부된 로그인" }),
  accountCount: page.getByText(/관리자 계정 \d+개/),
  ownerCards: page
    .getByRole("region", { name: "콘텐츠 현황" })
    .getByRole("link", { name: /^(사이트 설정|관리자 계정)/ }),
});

describe("an editor's admin", () => {
  test("the menu lists the content pages and the editor's own account pages, and no owner's page; the dashboard shows the content and no owner's card", async () => {
    const page = await asEditor("/admin");
    const paths = await menuPaths(page);
    expect(contentPaths().length).toBeGreaterThan(5);
    expect(paths).toEqual(expect.arrayContaining(["/admin", ...contentPaths(), ...OWN_ACCOUNT_PATHS]));
    expect(await ownerMenuPaths(page)).toEqual([]);
    // Signed in as the editor: the bar above the page names the account.
    const signedIn = page.getByRole("region", { name: "로그인 계정" });
    await expect.poll(() => signedIn.getByText(editor.email).isVisible()).toBe(true);

    const cards = page.getByRole("region", { name: "콘텐츠 현황" }).getByRole("link");
    await cards.first().waitFor();
    expect(await cards.count()).toBe(contentPaths().length);
    for (const [name, part] of Object.entries(ownerParts(page))) expect(await part.count(), name).toBe(0);

    // An owner's menu has them, besides the same pages, and an owner's dashboard the same parts.
    const owner = await openAdminPage(await newPage(), "/admin");
    const ownerPaths = await menuPaths(owner);
    expect(ownerPaths).toEqual(expect.arrayContaining(paths));
    expect(ownerPaths).toEqual(
      expect.arrayContaining(["/admin/manage-managers", "/admin/manage-settings", "/admin/backup", "/admin/handover"]),
    );
    await owner.getByRole("region", { name: "콘텐츠 현황" }).getByRole("link").first().waitFor();
    for (const [name, part] of Object.entries(ownerParts(owner))) {
      expect(await part.count(), name).toBeGreaterThan(0);
    }
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("each owner's page typed in shows the site's 403 page in Korean, whose link leads back to the editor's admin", async () => {
    // One tab goes from address to address, as a person typing them would.
    const page = await newPage();
    await page.context().addCookies(editorCookies);
    for (const path of OWNER_ONLY_PATHS) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      expect(response?.headers()["cache-control"], path).toBe("no-store");
      await expect(page.locator("html").getAttribute("lang")).resolves.toBe("ko");
      await page.getByRole("heading", { level: 1, name: "403 Forbidden" }).waitFor();
      await page.getByText("이 화면은 사이트 소유자만 열 수 있습니다.").waitFor();
      // Nothing of the page itself is sent, and the way back is the editor's admin.
      expect(await page.locator("aside").count(), path).toBe(0);
      const back = page.getByRole("link", { name: "관리 화면으로 돌아가기" });
      expect(await back.getAttribute("href"), path).toBe("/admin");
    }
    // The link, followed from the last of them, opens the editor's dashboard.
    await page.getByRole("link", { name: "관리 화면으로 돌아가기" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.getByRole("heading", { level: 1, name: "대시보드" }).waitFor();
  });

  test("the backup download answers an editor 403 in Korean", async () => {
    // An HTTP request with the editor's cookies: no page needs to load for it.
    const page = await newPage();
    await page.context().addCookies(editorCookies);
    const response = await page.request.get("/admin/backup/download");
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false, status: 403, message: /사이트 소유자만/ });
  });
});
