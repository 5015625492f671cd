import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { adminPagesOf, adminPaths } from "#server/domain/write/admin-pages.ts";
import { readBuildManifest, readIslandsManifest } from "../support/build-manifest.ts";
import { account, openAdminPage, signedIn } from "./support/admin.ts";
import { consoleErrorsOf, setupBrowser, viewports, waitForHydration } from "./support/browser.ts";

const { newPage } = setupBrowser();
/** The laptop screens the whole menu must fit on without scrolling. */
const laptopScreens = [viewports.desktop, { width: 1280, height: 720 }] as const;

/** Every script the page loaded or asked the browser to preload. */
async function scriptsOf(page: Page, loaded: Set<string>): Promise<string[]> {
  const preloaded = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  return [...loaded, ...preloaded].map((url) => new URL(url).pathname);
}

describe("code splitting", () => {
  test("a visitor's page loads none of the admin area's JavaScript", async () => {
    const page = await newPage();
    const loaded = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "script") loaded.add(request.url());
    });
    await page.goto("/");
    await waitForHydration(page);
    // The build's whole manifest: the page itself only learns the routes it visits.
    const manifest = readBuildManifest();
    const modulesOf = (ids: string[]) =>
      new Set(
        ids.flatMap((id) => {
          const route = manifest.routes[id];
          return route ? [route.module, ...(route.imports ?? [])] : [];
        }),
      );
    const adminIds = Object.keys(manifest.routes).filter(
      (id) => id === "admin" || id.startsWith("admin/") || id.startsWith("routes/admin/"),
    );
    const publicIds = Object.keys(manifest.routes).filter((id) => !adminIds.includes(id));
    // Public pages are not hydrated: what they load is their islands' scripts.
    const islands = Object.values(readIslandsManifest()).flatMap((island) => [island.module, ...island.imports]);
    const shared = new Set([manifest.entry.module, ...manifest.entry.imports, ...modulesOf(publicIds), ...islands]);
    const adminOnly = [...modulesOf(adminIds)].filter((module) => !shared.has(module));
    expect(adminOnly.length).toBeGreaterThan(5);

    const publicScripts = await scriptsOf(page, loaded);
    expect(publicScripts.length).toBeGreaterThan(0);
    expect(publicScripts.filter((script) => adminOnly.includes(script))).toEqual([]);

    // The same check sees admin code where it belongs: the same browser, signed in.
    loaded.clear();
    await signedIn(page);
    await page.goto("/admin/manual");
    await waitForHydration(page);
    const adminScripts = await scriptsOf(page, loaded);
    expect(adminScripts.filter((script) => adminOnly.includes(script)).length).toBeGreaterThan(0);
  });
});

describe("the admin shell", () => {
  // Each page is loaded once and measured at both widths: the shell's layout follows the
  // viewport's media queries in place, as it does when a phone turns or a window is resized.
  // Two halves of the menu, each a test in a browser of its own, so that neither runs long.
  const half = Math.ceil(adminPaths().length / 2);
  test.each([
    ["first", adminPaths().slice(0, half)],
    ["second", adminPaths().slice(half)],
  ])(
    "every admin page (the menu's %s half) renders in the shell with one h1, fitting a phone and a desktop",
    async (_half, paths) => {
      const page = await newPage({ viewport: viewports.phone });
      await signedIn(page);
      for (const path of paths) {
        await page.setViewportSize(viewports.phone);
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        expect(response?.headers()["cache-control"]).toBe("no-store");
        await expect(page.locator("h1").count(), path).resolves.toBe(1);
        await expect(page.locator('meta[name="robots"]').getAttribute("content"), path).resolves.toBe("noindex");
        for (const viewport of [viewports.phone, viewports.desktop]) {
          await page.setViewportSize(viewport);
          await expect
            .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
              message: `${path} fits ${viewport.width}px`,
            })
            .toBeLessThanOrEqual(viewport.width);
        }
      }
      expect(consoleErrorsOf(page)).toEqual([]);
    },
  );

  test("on a phone the menu opens as a dialog and closes after following a link", async () => {
    const page = await openAdminPage(await newPage({ viewport: viewports.phone }), "/admin");
    await expect.poll(() => page.getByRole("navigation", { name: "관리 메뉴" }).first().isVisible()).toBe(false);
    await page.getByRole("button", { name: "관리 메뉴 열기" }).click();
    const dialog = page.getByRole("dialog", { name: "관리 메뉴" });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText(account().email).isVisible()).toBe(true);
    await dialog.getByRole("link", { name: "오대호" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/manage-odaeho");
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("heading", { level: 1, name: "오대호" }).waitFor();
    await page.getByRole("button", { name: "관리 메뉴 열기" }).click();
    await expect(dialog.getByRole("link", { name: "오대호", exact: true }).getAttribute("aria-current")).resolves.toBe(
      "page",
    );
  });

  // One dashboard load for both: its counts, then the shell at two laptop sizes in place.
  test("the dashboard counts content and ignores malformed filters; on a laptop screen (1440x900, 1280x720) every page of the menu, the account and sign-out are in view at once", async () => {
    const page = await newPage({ viewport: laptopScreens[0] });
    await signedIn(page);
    const response = await page.goto("/admin?page=abc&category=nope&type=maybe");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByLabel("분류").inputValue()).resolves.toBe("");
    await expect(page.getByLabel("결과").inputValue()).resolves.toBe("");
    await expect.poll(() => page.getByText(/^전체 기록 \d+건$/).isVisible()).toBe(true);
    const cards = page.getByRole("region", { name: "콘텐츠 현황" }).getByRole("link");
    // One card per content page, in the navigation's order.
    await expect(cards.allTextContents()).resolves.toEqual(
      adminPagesOf().map((content) => expect.stringMatching(new RegExp(`^${content.title}`))),
    );
    await expect(cards.first().textContent()).resolves.toMatch(/^미디어 게시글\d+ 게시글$/);

    for (const viewport of laptopScreens) {
      await page.setViewportSize(viewport);
      const screen = `${viewport.width}x${viewport.height}`;
      const sidebar = page.locator("aside");
      const items = sidebar.getByRole("navigation", { name: "관리 메뉴" }).getByRole("link");
      await expect.poll(() => items.count()).toBe(adminPaths().length);
      const boxes = await items.evaluateAll((links) =>
        links.map((link) => {
          const box = link.getBoundingClientRect();
          return { name: link.textContent, top: box.top, bottom: box.bottom };
        }),
      );
      for (const box of boxes) {
        expect(box.top, `${box.name} starts in view at ${screen}`).toBeGreaterThanOrEqual(0);
        expect(box.bottom, `${box.name} ends in view at ${screen}`).toBeLessThanOrEqual(viewport.height);
      }
      // Nothing of the menu is hidden below a scroll: the list does not scroll at all.
      const overflow = await sidebar
        .getByRole("navigation", { name: "관리 메뉴" })
        .evaluate((nav) => nav.scrollHeight - nav.clientHeight);
      expect(overflow, screen).toBeLessThanOrEqual(0);
      const signedInAs = page.getByRole("region", { name: "로그인 계정" });
      for (const control of [
        signedInAs.getByRole("button", { name: "로그아웃" }),
        signedInAs.getByText(account().email),
      ]) {
        await expect.poll(() => control.isVisible()).toBe(true);
        const box = await control.boundingBox();
        expect((box?.y ?? Number.POSITIVE_INFINITY) + (box?.height ?? 0), screen).toBeLessThanOrEqual(viewport.height);
      }
      expect(await page.evaluate(() => window.scrollY), screen).toBe(0);
    }
  });

  test("the manual explains signing in, the dashboard, history, each kind of content, uploads, backups, the handover and the log", async () => {
    const page = await openAdminPage(await newPage(), "/admin/manual");
    await expect(page.title()).resolves.toContain("관리자 매뉴얼");
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings).toEqual([
      "목차",
      "로그인과 로그아웃",
      "대시보드 보기",
      "비밀번호와 로그인된 곳",
      "패스키와 2단계 인증",
      "관리자 계정과 초대",
      "콘텐츠를 고칠 때 공통 규칙",
      "변경 기록과 되돌리기",
      "콘텐츠별 안내",
      "사진과 파일 올리기",
      "파일 보관함",
      "백업과 복원",
      "사이트 넘겨주기(인수인계)",
      "관리 기록 읽기",
      "도움이 필요할 때",
    ]);
    const kinds = await page.getByRole("heading", { level: 3 }).allTextContents();
    expect(kinds).toHaveLength(23);
    expect(kinds).toContain("사이트 설정");
    expect(kinds).toContain("자동 백업");
    expect(kinds).toContain("새 운영진 초대하기");
    expect(kinds).toContain("쓰이지 않는 파일 지우기");
    expect(kinds).toContain("백업에서 복원하기");
    expect(kinds).toContain("자동 백업");
    expect(kinds).toContain("넘겨주는 순서");
    // The same words as a PDF, downloaded under the club's name.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "PDF로 내려받기" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/ 관리자 매뉴얼\.pdf$/);
    expect(new URL(download.url()).pathname).toBe("/manuals/club-admin-manual.pdf");
    await page.getByRole("link", { name: "관리 기록 읽기" }).click();
    await page.waitForURL((url) => url.hash === "#log");
  });
});
