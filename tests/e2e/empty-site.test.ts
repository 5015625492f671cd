import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { publicPagePaths } from "#server/domain/seo/public-pages.ts";
import { openTestServices } from "../integration/support/databases.ts";
import { serverDocument } from "./admin-lists.ts";
import { signIn } from "./support/admin.ts";
import { severeViolations } from "./support/axe.ts";
import { viewports, waitForHydration } from "./support/browser.ts";
import { startServer } from "./support/global-setup.ts";

/**
 * A club's own site, started with DEMO_CONTENT=false on an empty database (on a server of its
 * own, as `npm start` runs it): every public page reads well empty, the first sign-in lands on
 * the setup page, "나중에" puts it off, and the dashboard's checklist shrinks as the club's
 * identity is filled in.
 */
const account = { email: "setup-admin@club.test", password: "setup-admin-password" };

let server: Awaited<ReturnType<typeof startServer>>;
let closeDatabase: () => Promise<void>;
let browser: Browser;
/**
 * The browsers of the two sign-ins this file is about, kept from test to test: the first lands on
 * the setup page and goes on there; the one after "나중에" lands on the dashboard and goes on there.
 */
let first: Page;
let next: Page;

beforeAll(async () => {
  const { services, close } = await openTestServices(process.env.E2E_DATABASE_URL ? "postgres" : "sqlite");
  closeDatabase = close;
  server = await startServer({
    dataDir: services.dataDir,
    databaseUrl: services.databaseUrl,
    account,
    env: { DEMO_CONTENT: "false" },
  });
  browser = await chromium.connect(inject("browserEndpoint"));
}, 120_000);

afterAll(async () => {
  await Promise.all([first, next].map((page) => page?.context().close()));
  await browser?.close();
  await server?.stop();
  await closeDatabase?.();
});

/** A browser of its own for each step: nothing signed in yet. */
async function newPage(viewport: { width: number; height: number } = viewports.desktop): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    viewport,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  pageErrors.set(page, errors);
  return page;
}

const pageErrors = new WeakMap<Page, string[]>();

/** The checklist's items as the page lists them ("연락 이메일 비어 있음"). */
async function checklistItems(page: Page): Promise<string[]> {
  const texts = await page
    .getByRole("region", { name: /^사이트 첫 설정/ })
    .getByRole("listitem")
    .allInnerTexts();
  return texts.map((text) => text.replace(/\s+/g, " "));
}

/** The checklist's items by name (each a link to its part of the form). */
function itemsNamed(page: Page): Promise<string[]> {
  return page
    .getByRole("region", { name: /^사이트 첫 설정/ })
    .getByRole("link")
    .allInnerTexts();
}

/**
 * A page as the server renders it for the page's session (a reload would show it), read without
 * the browser: its title, its heading and the checklist's items by name (undefined when it has none).
 */
async function serverView(page: Page, path: string) {
  const document = await serverDocument(path, { client: page.request });
  const checklist = [...document.querySelectorAll("section[aria-labelledby]")].find((section) =>
    document.getElementById(section.getAttribute("aria-labelledby") ?? "")?.textContent?.startsWith("사이트 첫 설정"),
  );
  return {
    title: document.title,
    heading: document.querySelector("h1")?.textContent,
    items: checklist && [...checklist.querySelectorAll("li a")].map((link) => link.textContent?.trim()),
  };
}

async function saveIdentity(page: Page, fields: Record<string, string>) {
  const form = page.getByRole("form", { name: "사이트 정보" });
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole("button", { name: "저장", exact: true }).click();
  await page.getByRole("status").filter({ hasText: "사이트 설정의" }).waitFor();
}

/** The pages whose parts are left out while empty: each is also checked for accessibility. */
const emptiedPages = ["/", "/about", "/about/contact", "/join", "/join/who_we_want"];

test("every public page reads well empty on a phone: no error, nothing wider than the screen", async () => {
  const page = await newPage(viewports.phone);
  try {
    for (const path of publicPagePaths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await waitForHydration(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
      if (emptiedPages.includes(path)) await expect(severeViolations(page), path).resolves.toEqual([]);
    }
    expect(pageErrors.get(page)).toEqual([]);
  } finally {
    await page.context().close();
  }
}, 120_000);

test("the first sign-in lands on the setup page, which offers the address the browser used", async () => {
  first = await newPage();
  await signIn(first, account);
  await first.waitForURL("**/admin/setup");
  await waitForHydration(first);
  await expect.poll(() => first.getByRole("heading", { level: 1 }).textContent()).toBe("사이트 첫 설정");
  await expect
    .poll(() => checklistItems(first))
    .toEqual([
      "동아리 이름 비어 있음",
      "한국어 부제 비어 있음",
      "연락 이메일 비어 있음",
      "동아리방 주소 비어 있음",
      "사이트 주소 비어 있음",
      "소셜 링크 비어 있음 · 없으면 비워 두어도 됩니다",
      "소개 문장 비어 있음 · 없으면 비워 두어도 됩니다",
      "다른 사이트 링크 비어 있음 · 없으면 비워 두어도 됩니다",
    ]);
  await expect(first.getByLabel("사이트 주소", { exact: true }).inputValue()).resolves.toBe(server.baseURL);
  expect(pageErrors.get(first)).toEqual([]);
});

test("each item saved leaves the checklist, and the public pages show it at once", async () => {
  // Still on the setup page the first sign-in landed on.
  await saveIdentity(first, { "동아리 이름": "오픈소스연구회", "한국어 부제": "한빛대학교 오픈소스 동아리" });
  await expect
    .poll(() => itemsNamed(first))
    .toEqual(["연락 이메일", "동아리방 주소", "사이트 주소", "소셜 링크", "소개 문장", "다른 사이트 링크"]);
  // The home page as the server sends it now: no reload of the browser's page needed.
  const home = await serverView(first, "/");
  expect(home.heading).toBe("오픈소스연구회");
  expect(home.title).toBe("오픈소스연구회");
});

test("“나중에” leads to the dashboard, which keeps the checklist; the next sign-in goes to the dashboard", async () => {
  // Still on the setup page, not put off yet, as the first sign-in showed it.
  await first.getByRole("button", { name: "나중에 하기" }).click();
  await first.waitForURL((url) => url.pathname === "/admin");
  await expect.poll(() => first.getByRole("heading", { level: 1 }).textContent()).toBe("대시보드");
  await expect.poll(() => itemsNamed(first)).toContain("연락 이메일");
  // Going about the admin area no longer leads back to the setup.
  await first.getByRole("link", { name: "사이트 설정", exact: true }).click();
  await first.waitForURL("**/admin/manage-settings");
  await expect(serverView(first, "/admin")).resolves.toMatchObject({ heading: "대시보드" });

  next = await newPage();
  await signIn(next, account);
  await next.waitForURL((url) => url.pathname === "/admin");
  await expect.poll(() => next.getByRole("heading", { level: 1 }).textContent()).toBe("대시보드");
});

test("the dashboard's checklist shrinks as items are set, and is gone once the needed ones are", async () => {
  // On the dashboard the next sign-in landed on.
  const page = next;
  await waitForHydration(page);
  await expect
    .poll(() => itemsNamed(page))
    .toEqual(["연락 이메일", "동아리방 주소", "사이트 주소", "소셜 링크", "소개 문장", "다른 사이트 링크"]);

  // An item leads to its part of the setup form.
  await page.getByRole("link", { name: "연락 이메일" }).click();
  await page.waitForURL("**/admin/setup#settings-contact");
  await waitForHydration(page);
  await saveIdentity(page, { "연락 이메일": "oss@hanbit.example", "동아리방 주소": "한빛대학교 학생회관 204호" });
  // The dashboard as the server renders it now (no browser needed for what a reload shows).
  await expect(serverView(page, "/admin")).resolves.toEqual({
    title: expect.any(String),
    heading: "대시보드",
    items: ["사이트 주소", "소셜 링크", "소개 문장", "다른 사이트 링크"],
  });

  // The settings page, from the admin menu, holds the same form.
  await page.getByRole("link", { name: "사이트 설정", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "사이트 설정" }).waitFor();
  await saveIdentity(page, { "사이트 주소": "https://oss.hanbit.example" });
  await expect(serverView(page, "/admin")).resolves.toEqual({
    title: expect.any(String),
    heading: "대시보드",
    items: undefined,
  });

  const home = await (await fetch(`${server.baseURL}/`)).text();
  expect(home).toContain('<link rel="canonical" href="https://oss.hanbit.example/"/>');
  expect(home).toContain("oss@hanbit.example");
});
