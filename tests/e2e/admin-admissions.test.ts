import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { VersionedDocument } from "#server/db/documents.ts";
import { type AdmissionInfo, getAdmissionInfo, saveAdmissionInfo } from "#server/domain/admissions/admissions.ts";
import { serverDocument, slowUploads } from "./admin-lists.ts";
import { openAdminPage } from "./document-pages.ts";
import { consoleErrorsOf, setupBrowser } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();
let original: VersionedDocument<AdmissionInfo>;

beforeAll(async () => {
  original = await getAdmissionInfo(data.db());
});

afterAll(async () => {
  // The other test files expect the seeded admission info; the image stays the one uploaded
  // here, since replacing it removed the seeded file.
  const current = await getAdmissionInfo(data.db());
  await saveAdmissionInfo(
    data.db(),
    {
      ...original.value,
      meta: { ...original.value.meta, imageFileId: current.value.meta.imageFileId },
    },
    current.version,
  );
  await data.contentChanged();
});

const stamp = Date.now().toString(36);
const openAdmissions = () => openAdminPage(newPage, "/admin/manage-admissions");
const save = (page: Page) => page.getByRole("button", { name: "저장", exact: true }).click();
const saved = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();
const recruitingBox = (page: Page) => page.getByRole("checkbox", { name: "지금 신입 부원을 모집하고 있습니다" });
const faqSection = (page: Page) => page.getByRole("region", { name: "자주 묻는 질문" });
/** What visitors are sent of a public page: the badge, the questions and the poster are in its HTML. */
async function served(path: string) {
  const document = await serverDocument(path);
  const menu = document.querySelector('nav[aria-label="주 메뉴"]');
  const image = document.querySelector("main img");
  return {
    badges: (menu?.textContent ?? "").split("Now Recruiting").length - 1,
    questions: [...document.querySelectorAll("main details summary")].map((summary) =>
      (summary.textContent ?? "").replace(/^Q\.\s*/, "").trim(),
    ),
    image: { src: image?.getAttribute("src") ?? "", width: image?.getAttribute("width") ?? null },
  };
}
/** The questions on /join, in order, as visitors are sent them. */
const publicQuestions = async () => (await served("/join")).questions;
const badgeCount = async () => (await served("/")).badges;

describe("manage-admissions", () => {
  test("the recruiting switch puts the badge in the public header and takes it away; a row moved but not saved makes leaving the page ask first", async () => {
    const page = await openAdmissions();
    const wasRecruiting = await recruitingBox(page).isChecked();

    await recruitingBox(page).setChecked(!wasRecruiting);
    await save(page);
    await saved(page, `모집 상태가 '${wasRecruiting ? "모집 마감" : "모집 중"}'으로 변경되었습니다`);
    await expect(badgeCount()).resolves.toBe(wasRecruiting ? 0 : 1);

    // The page as a reload shows it has the saved state.
    const reloaded = await serverDocument("/admin/manage-admissions", { signedIn: true });
    const savedBox = reloaded.querySelector('input[type="checkbox"][name="meta.isRecruiting"]');
    expect(savedBox).not.toBeNull();
    expect(savedBox?.hasAttribute("checked")).toBe(!wasRecruiting);
    await recruitingBox(page).setChecked(wasRecruiting);
    await save(page);
    await saved(page, "모집 상태가");
    await expect(badgeCount()).resolves.toBe(wasRecruiting ? 1 : 0);
    expect(consoleErrorsOf(page)).toEqual([]);

    // A row moved but not saved: leaving the page asks first.
    const first = (await getAdmissionInfo(data.db())).value.faqs[0]?.question ?? "";
    await faqSection(page)
      .getByRole("button", { name: `'${first}' 아래로` })
      .click();
    await page.getByRole("link", { name: "대시보드" }).first().click();
    const dialog = page.getByRole("dialog", { name: "저장하지 않은 변경 사항이 있습니다" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "계속 편집하기" }).click();
    const questions = faqSection(page).getByRole("textbox", { name: "질문 (필수)" });
    await expect.poll(() => questions.nth(1).inputValue()).toBe(first);
    await page.getByRole("link", { name: "대시보드" }).first().click();
    await dialog.getByRole("button", { name: "저장하지 않고 떠나기" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await expect(publicQuestions().then((list) => list[0])).resolves.toBe(first);
  });

  test("an added FAQ shows on /join, moves up, and is gone once removed; an empty question is refused next to its field", async () => {
    const page = await openAdmissions();
    const question = `동아리방은 밤에도 열려 있나요? ${stamp}`;
    const before = await getAdmissionInfo(data.db());
    const lastQuestion = before.value.faqs.at(-1)?.question ?? "";

    await faqSection(page).getByRole("button", { name: "질문 추가" }).click();
    // The new row's question field has the focus, ready for typing.
    await page.keyboard.type(question);
    const newRow = faqSection(page).getByRole("listitem").last();
    await newRow.getByLabel("답변").fill("시험 기간에는 밤 10시까지 열려 있습니다.");
    await save(page);
    await saved(page, `'${question}' 질문이 추가되었습니다`);
    await expect(publicQuestions()).resolves.toEqual([...before.value.faqs.map((faq) => faq.question), question]);

    // The same page goes on from the saved list.
    await faqSection(page)
      .getByRole("button", { name: `'${question}' 위로` })
      .click();
    await save(page);
    await saved(page, "질문 순서가 변경되었습니다");
    const reordered = await publicQuestions();
    expect(reordered.slice(-2)).toEqual([question, lastQuestion]);

    await faqSection(page)
      .getByRole("button", { name: `'${question}' 삭제` })
      .click();
    await page
      .getByRole("dialog", { name: `'${question}' 질문을 삭제할까요?` })
      .getByRole("button", { name: "삭제" })
      .click();
    await save(page);
    await saved(page, "질문이 삭제되었습니다");
    await expect(publicQuestions()).resolves.toEqual(before.value.faqs.map((faq) => faq.question));

    // A question added without its question is refused next to its field, the answer kept.
    await faqSection(page).getByRole("button", { name: "질문 추가" }).click();
    const emptyRow = faqSection(page).getByRole("listitem").last();
    await emptyRow.getByLabel("답변").fill("질문 없이 쓴 답변");
    await save(page);
    await page.getByRole("alert").filter({ hasText: "입력한 내용을 확인해 주세요" }).waitFor();
    await emptyRow.getByText("질문을 입력해 주세요.").waitFor();
    await expect(emptyRow.getByRole("textbox", { name: "질문 (필수)" }).getAttribute("aria-invalid")).resolves.toBe(
      "true",
    );
    await expect(emptyRow.getByLabel("답변").inputValue()).resolves.toBe("질문 없이 쓴 답변");
  });

  test("a new recruiting image is compressed, uploaded with progress and replaces the old file", async () => {
    const page = await openAdmissions();
    const oldSource = (await served("/join")).image.src;
    expect(oldSource).toMatch(/^\/uploads\/admission\//);

    const poster = await sharp({
      create: { width: 2400, height: 1350, channels: 3, background: "#14a44d" },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    await page.getByLabel("모집 포스터", { exact: true }).setInputFiles({
      name: "새 포스터.jpg",
      mimeType: "image/jpeg",
      buffer: poster,
    });
    await page.getByRole("img", { name: "고른 사진 미리 보기: 새 포스터.jpg" }).waitFor();
    await slowUploads(page, 150 * 1024);
    await save(page);
    await page
      .getByRole("status")
      .filter({ hasText: /줄이는 중|보내는 중/ })
      .first()
      .waitFor();
    await saved(page, "모집 이미지가 변경되었습니다");

    const image = (await served("/join")).image;
    expect(image.src).toMatch(/^\/uploads\/admission\/[0-9a-f]{32}\.webp$/);
    expect(image.src).not.toBe(oldSource);
    // Compressed in the browser to at most 1024 px on the longer side.
    expect(image.width).toBe("1024");
    const gone = await page.request.get(oldSource);
    expect(gone.status()).toBe(404);
    const sent = await page.request.get(image.src);
    expect(sent.status()).toBe(200);
  });

  test("a second manager saving an older copy gets the conflict message and keeps the typing", async () => {
    const first = await openAdmissions();
    const second = await openAdmissions();
    const title = (page: Page) => page.getByRole("textbox", { name: "모집 제목 (필수)" });
    const current = await title(first).inputValue();

    await title(first).fill(`${current} (${stamp})`);
    await save(first);
    await saved(first, "모집 안내의 제목이 수정되었습니다");

    const answer = faqSection(second).getByLabel("답변").first();
    await answer.fill("두 번째 관리자가 고친 답변");
    await save(second);
    await second.getByRole("alert").filter({ hasText: "다른 관리자가 먼저" }).waitFor();
    await expect(answer.inputValue()).resolves.toBe("두 번째 관리자가 고친 답변");

    await second.getByRole("button", { name: "최신 내용 불러오기" }).click();
    await expect.poll(() => title(second).inputValue()).toBe(`${current} (${stamp})`);
    await title(second).fill(current);
    await save(second);
    await saved(second, "모집 안내의 제목이 수정되었습니다");
  });
});
