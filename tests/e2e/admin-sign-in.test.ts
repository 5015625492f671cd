import { describe, expect, test } from "vitest";
import { adminPaths } from "#server/domain/write/admin-pages.ts";
import { account, landingPath, restartedContext, signIn, signInByPost, signOutElsewhere } from "./support/admin.ts";
import { consoleErrorsOf, setupBrowser, waitForHydration } from "./support/browser.ts";
import { expectAbsent } from "./support/pages.ts";

const { newPage } = setupBrowser();

const REJECTED = "이메일 또는 비밀번호가 올바르지 않습니다. 다시 확인해 주세요.";

describe("without a session", () => {
  // Every admin route's redirect is checked over HTTP on each engine (the integration suite's
  // admin-authorization test); here the browser follows it from the dashboard, a content page
  // and an address that is no page.
  test("an admin page lands on /admin/login, sent there by the server", async () => {
    const page = await newPage();
    const contentPage = adminPaths().find((path) => path.startsWith("/admin/manage-"));
    expect(contentPage).toBeDefined();
    for (const path of ["/admin", contentPage ?? "", "/admin/no-such-page"]) {
      const response = await page.goto(path);
      const url = new URL(page.url());
      expect(url.pathname, path).toBe("/admin/login");
      expect(url.searchParams.get("redirectTo") ?? "/admin").toBe(path);
      // The server answered the admin address with a redirect: no admin page was ever sent.
      expect(response?.request().redirectedFrom()?.url()).toContain(path);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("관리자 로그인");
      await expectAbsent(page.getByRole("navigation", { name: "관리 메뉴" }), {
        once: page.getByRole("heading", { level: 1, name: "관리자 로그인" }),
      });
    }
    expect(consoleErrorsOf(page)).toEqual([]);
  });
});

describe("signing in", () => {
  test("goes back to the page the manager was sent from, and the dashboard logs it", async () => {
    const page = await newPage();
    await page.goto("/admin/manual");
    await waitForHydration(page);
    await expect(page.getByRole("status").textContent()).resolves.toContain("로그인이 필요한 화면입니다.");
    await signIn(page, account(), { goTo: false });
    await page.waitForURL((url) => url.pathname === "/admin/manual");
    await page.getByRole("heading", { level: 1, name: "관리자 매뉴얼" }).waitFor();

    await page.getByRole("link", { name: "대시보드" }).first().click();
    await page.waitForURL((url) => url.pathname === "/admin");
    const log = page.getByRole("region", { name: "관리 기록" });
    await log.getByText(`'${account().email}' 계정으로 로그인했습니다`).first().waitFor();
    expect(consoleErrorsOf(page)).toEqual([]);
  });

  test("an empty form says what is missing, next to each field; a wrong password and an unknown address get the same Korean message", async () => {
    const page = await newPage();
    await page.goto("/admin/login");
    await waitForHydration(page);
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    const email = page.getByLabel("이메일");
    await page.getByText("이메일을 입력해 주세요.").waitFor();
    await expect(email.getAttribute("aria-invalid")).resolves.toBe("true");
    const described = (await email.getAttribute("aria-describedby")) ?? "";
    await expect(page.locator(`[id="${described}"]`).textContent()).resolves.toBe("이메일을 입력해 주세요.");
    await expect.poll(() => page.getByText("비밀번호를 입력해 주세요.").isVisible()).toBe(true);

    // The same form, typed in again: each refusal is the answer of its own post.
    const refusal = () => page.waitForResponse((response) => response.request().method() === "POST");
    let answer = refusal();
    await signIn(page, { email: account().email, password: "not-the-password" }, { goTo: false });
    expect((await answer).status()).toBe(401);
    const alert = page.getByRole("alert");
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe(REJECTED);
    await expect(page.getByLabel("이메일").inputValue()).resolves.toBe(account().email);
    await expect(page.getByLabel("비밀번호").inputValue()).resolves.toBe("");
    await expect(page.getByLabel("비밀번호").evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toBe("/admin/login");

    answer = refusal();
    await signIn(page, { email: "nobody-here@club.test", password: "not-the-password" }, { goTo: false });
    expect((await answer).status()).toBe(401);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(REJECTED);
    await expect(page.getByLabel("이메일").inputValue()).resolves.toBe("nobody-here@club.test");
  });

  test("works without JavaScript", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await signIn(page, account(), { scripts: false });
    await page.waitForURL((url) => url.pathname === "/admin");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("대시보드");
  });
});

describe("staying signed in", () => {
  test('"stay signed in" survives a browser restart; a plain session does not', async () => {
    const persistent = await newPage();
    await signIn(persistent, account(), { staySignedIn: true });
    await persistent.waitForURL((url) => url.pathname === "/admin");
    // A plain session, from the same form sent as a plain post (the box left unticked).
    const plain = await newPage();
    expect((await signInByPost(plain.request, account())).status()).toBe(303);

    const browser = persistent.context().browser();
    if (!browser) throw new Error("no browser");
    const [cookie] = (await persistent.context().cookies()).filter((item) => item.name.includes("admin"));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    const lifetime = (cookie?.expires ?? 0) * 1000 - Date.now();
    expect(lifetime).toBeGreaterThan(29.9 * 24 * 3600 * 1000);

    // Each restarted browser opens the dashboard's address: only the persistent one stays there.
    const afterRestart = await restartedContext(browser, persistent.context());
    const plainAfterRestart = await restartedContext(browser, plain.context());
    try {
      await expect(landingPath(afterRestart.request, "/admin")).resolves.toBe("/admin");
      await expect(landingPath(plainAfterRestart.request, "/admin")).resolves.toBe("/admin/login");
      // Before the restart, the plain session worked.
      await expect(landingPath(plain.request, "/admin")).resolves.toBe("/admin");
    } finally {
      await Promise.all([afterRestart.close(), plainAfterRestart.close()]);
    }
  });
});

describe("signing out", () => {
  test("ends the session on the server, so even its cookie no longer works", async () => {
    // A session of its own (the run's must live on), signed in by a plain post: the form is tested above.
    const page = await newPage();
    expect((await signInByPost(page.request, account())).status()).toBe(303);
    await page.goto("/admin");
    await waitForHydration(page);
    const cookies = await page.context().cookies();

    await page.getByRole("button", { name: "로그아웃" }).click();
    await page.waitForURL((url) => url.search === "?signedOut=1");
    await expect(page.getByRole("status").textContent()).resolves.toBe("로그아웃했습니다.");
    await expect(landingPath(page.request, "/admin")).resolves.toBe("/admin/login");

    // Someone who copied the cookie before sign-out gets nowhere either.
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    const copy = await browser.newContext({ baseURL: new URL(page.url()).origin });
    try {
      await copy.addCookies(cookies);
      await expect(landingPath(copy.request, "/admin/manage-password")).resolves.toBe("/admin/login");
    } finally {
      await copy.close();
    }
  });

  test("a session ended elsewhere: the next in-app navigation goes to sign-in, and a form sent answers 401 and offers sign-in, showing no admin content", async () => {
    // One session of its own, signed in by a plain post, open in two tabs: the dashboard and a form.
    const dashboard = await newPage();
    expect((await signInByPost(dashboard.request, account())).status()).toBe(303);
    await dashboard.goto("/admin");
    await waitForHydration(dashboard);
    const form = await dashboard.context().newPage();
    await form.goto("/admin/manage-password");
    await waitForHydration(form);

    await signOutElsewhere(dashboard);

    await dashboard.getByRole("link", { name: "관리자 매뉴얼" }).first().click();
    await dashboard.waitForURL(
      (url) => url.pathname === "/admin/login" && url.searchParams.get("redirectTo") === "/admin/manual",
    );
    await dashboard.getByRole("heading", { level: 1, name: "관리자 로그인" }).waitFor();

    const answer = form.waitForResponse((response) => response.request().method() === "POST");
    await form.getByLabel("현재 비밀번호").fill(account().password);
    await form.getByRole("button", { name: "비밀번호 변경", exact: true }).click();
    expect((await answer).status()).toBe(401);
    await expectAbsent(form.getByRole("navigation", { name: "관리 메뉴" }), {
      once: form.getByRole("heading", { name: "다시 로그인해 주세요" }),
    });
    await form.getByRole("link", { name: "로그인 화면으로" }).click();
    await form.waitForURL(
      (url) => url.pathname === "/admin/login" && url.searchParams.get("redirectTo") === "/admin/manage-password",
    );
  });
});
