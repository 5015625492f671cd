import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { VersionedDocument } from "#server/db/documents.ts";
import { getHomeContent, type HomeContent, saveHomeContent } from "#server/domain/home/home.ts";
import { getSiteSettings, type SiteSettings, saveSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { serverDocument } from "./admin-lists.ts";
import { openAdminPage } from "./document-pages.ts";
import { consoleErrorsOf, setupBrowser } from "./support/browser.ts";
import { expectAbsent, visitorCopies } from "./support/pages.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();
let settings: VersionedDocument<SiteSettings>;
let home: VersionedDocument<HomeContent>;

beforeAll(async () => {
  settings = await getSiteSettings(data.db());
  home = await getHomeContent(data.db());
});

afterAll(async () => {
  // Whatever happened above, the other test files find the club as it was (the pictures stay
  // the ones uploaded here, since replacing them removed the seeded files).
  const currentSettings = await getSiteSettings(data.db());
  if (currentSettings.version !== settings.version) {
    await saveSiteSettings(data.db(), settings.value, currentSettings.version);
  }
  const currentHome = await getHomeContent(data.db());
  if (currentHome.version !== home.version) {
    await saveHomeContent(
      data.db(),
      {
        ...home.value,
        heroImages: home.value.heroImages.map((hero, index) => ({
          ...hero,
          fileId: currentHome.value.heroImages[index]?.fileId ?? hero.fileId,
        })),
      },
      currentHome.version,
    );
  }
  await data.contentChanged();
});

const stamp = Date.now().toString(36);
const openSettings = () => openAdminPage(newPage, "/admin/manage-settings");
const identityForm = (page: Page) => page.getByRole("form", { name: "사이트 정보" });
const homeForm = (page: Page) => page.getByRole("form", { name: "홈 화면" });
const field = (page: Page, label: string) => identityForm(page).getByRole("textbox", { name: label, exact: true });
const saveIdentity = (page: Page) => identityForm(page).getByRole("button", { name: "저장", exact: true }).click();

/** Fills in and saves the club's name and e-mail on the settings page the tab has open. */
async function setIdentity(page: Page, clubName: string, email: string) {
  await field(page, "동아리 이름").fill(clubName);
  await field(page, "연락 이메일").fill(email);
  await saveIdentity(page);
  await page.getByRole("status").filter({ hasText: "사이트 설정의" }).waitFor();
}

/** What visitors are sent of a public page: the club's identity is in the server's HTML. */
async function servedPage(path: string) {
  const document = await serverDocument(path);
  const footer = document.querySelector("footer");
  // Pictures after the first wait in a <template> until the hero island shows them.
  const images = [...document.querySelectorAll("main img, main template")].flatMap((element) =>
    element.tagName === "TEMPLATE" ? [...(element as HTMLTemplateElement).content.querySelectorAll("img")] : [element],
  );
  return {
    title: document.title,
    header: document.querySelector("header")?.textContent ?? "",
    main: document.querySelector("main")?.textContent ?? "",
    footer: footer?.textContent ?? "",
    mail: footer?.querySelector('a[href^="mailto:"]')?.getAttribute("href") ?? null,
    siteName: document.querySelector('meta[property="og:site_name"]')?.getAttribute("content") ?? null,
    imageSources: Object.fromEntries(images.map((image) => [image.getAttribute("alt"), image.getAttribute("src")])),
  };
}

describe("manage-settings", () => {
  test("a malformed e-mail address is refused next to its field and the typing stays; a new club name and e-mail then show in the header, footer and titles, and go back", async () => {
    const page = await openSettings();
    await field(page, "동아리 이름").fill(`잠시 바꾼 이름 ${stamp}`);
    await field(page, "연락 이메일").fill("kernel@@example");
    await saveIdentity(page);
    await page.getByRole("alert").filter({ hasText: "입력한 내용을 확인해 주세요" }).waitFor();
    const emailField = field(page, "연락 이메일");
    await expect.poll(() => emailField.getAttribute("aria-invalid")).toBe("true");
    // The field with the error gets the focus, and its message is read with it.
    await expect.poll(() => emailField.evaluate((input) => input === document.activeElement)).toBe(true);
    const describedBy = (await emailField.getAttribute("aria-describedby")) ?? "";
    const message = await page.evaluate(
      (ids) => ids.split(" ").map((id) => document.getElementById(id)?.textContent ?? ""),
      describedBy,
    );
    expect(message.join(" ")).toContain("이메일 주소 형식이 올바르지 않습니다");
    await expect(field(page, "동아리 이름").inputValue()).resolves.toBe(`잠시 바꾼 이름 ${stamp}`);
    await expect(getSiteSettings(data.db())).resolves.toMatchObject({
      value: { clubName: settings.value.clubName },
    });

    // The same form, filled in well this time.
    const { clubName, email } = settings.value;
    const newName = `KERNEL ${stamp}`;
    const newEmail = `hello-${stamp}@kernel.example`;
    // Visitors' copies are cached by every worker before the change…
    for (const copy of await visitorCopies("/about")) expect(copy).toContain(clubName);

    await setIdentity(page, newName, newEmail);
    // …and the very next load shows it, whichever worker answers.
    for (const copy of await visitorCopies("/about")) expect(copy).toContain(newName);
    const home = await servedPage("/");
    expect(home.title).toBe(newName);
    expect(home.header).toContain(newName);
    expect(home.footer).toContain(newName);
    expect(home.footer).toContain(newEmail);
    expect(home.mail).toBe(`mailto:${newEmail}`);
    const rules = await servedPage("/archive/rule");
    expect(rules.title).toBe(`회칙 | ${newName}`);
    expect(rules.siteName).toBe(newName);

    await setIdentity(page, clubName, email);
    const back = await servedPage("/");
    expect(back.title).toBe(clubName);
    expect(back.footer).toContain(email);
    expect(back.footer).not.toContain(newName);
    await page.goto("/admin?category=siteSettings");
    await page.getByText("사이트 설정의 동아리 이름, 이메일이 수정되었습니다").first().waitFor();
    expect(consoleErrorsOf(page).filter((text) => !text.includes("status of 400"))).toEqual([]);
  });

  test("the home intro and a hero picture change on the home page; a slogan emptied of its title but not its description is refused next to its field, the others keep theirs", async () => {
    const page = await openSettings();
    const intro = `${home.value.intro} ${stamp}`;
    await homeForm(page).getByRole("textbox", { name: "소개 글", exact: true }).fill(intro);
    const picture = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: "#7d97ff" },
    })
      .png()
      .toBuffer();
    await homeForm(page)
      .getByLabel("4번째 사진", { exact: true })
      .setInputFiles({ name: "hero.png", mimeType: "image/png", buffer: picture });
    await homeForm(page).getByRole("textbox", { name: "사진 설명" }).nth(3).fill(`새로 바꾼 네 번째 사진 ${stamp}`);
    await homeForm(page).getByRole("button", { name: "저장", exact: true }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "홈 화면의 첫 화면 사진, 사진 설명, 소개 글이 수정되었습니다" })
      .waitFor();

    const served = await servedPage("/");
    expect(served.main).toContain(intro);
    // The fourth slide waits for its turn in the sent page, found by its alt text.
    expect(served.imageSources[`새로 바꾼 네 번째 사진 ${stamp}`]).toMatch(
      /^\/uploads\/home\/hero\/[0-9a-f]{32}\.webp$/,
    );
    const replaced = home.value.heroImages[3]?.fileId ?? "";
    const row = await data.db().selectFrom("files").select("id").where("id", "=", replaced).executeTakeFirst();
    expect(row).toBeUndefined();

    await homeForm(page).getByRole("textbox", { name: "소개 글", exact: true }).fill(home.value.intro);
    await homeForm(page).getByRole("button", { name: "저장", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "홈 화면의 소개 글이 수정되었습니다" }).waitFor();

    // The same form again: a slogan's title emptied is refused, and nothing is saved.
    const before = await getHomeContent(data.db());
    const third = homeForm(page).getByRole("group", { name: "3번째 슬로건" });
    await third.getByRole("textbox", { name: "슬로건", exact: true }).fill("");
    await homeForm(page).getByRole("button", { name: "저장", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "입력한 내용을 확인해 주세요" }).waitFor();
    await third.getByText("슬로건을 입력해 주세요.").waitFor();
    await expect
      .poll(() => third.getByRole("textbox", { name: "슬로건", exact: true }).getAttribute("aria-invalid"))
      .toBe("true");
    const first = homeForm(page).getByRole("group", { name: "1번째 슬로건" });
    await expectAbsent(first.getByText("슬로건을 입력해 주세요."), {
      once: first.getByRole("textbox", { name: "슬로건", exact: true }),
    });
    await expect(getHomeContent(data.db())).resolves.toEqual(before);
  });
});
