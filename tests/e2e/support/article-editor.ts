import exifReader from "exif-reader";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import type { Db } from "#server/db/database.ts";
import { seoulDateTimeInput } from "#shared/dates.ts";
import { photoWithLocation } from "../../support/files.ts";
import { testServer, waitForHydration } from "./browser.ts";

/** A file as a file input receives it. */
export interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A JPEG with the place it was taken in its EXIF block, as phones write them. */
export async function photoWithGps(): Promise<Upload> {
  const buffer = await photoWithLocation({ width: 320, height: 240 });
  const meta = await sharp(buffer).metadata();
  expect(meta.exif && exifReader(meta.exif).GPSInfo?.GPSLatitude).toBeDefined();
  return { name: "IMG_0420.jpg", mimeType: "image/jpeg", buffer };
}

export async function openEditor(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  // The editor starts in the browser; typing waits for it.
  await page.getByRole("textbox", { name: "본문" }).waitFor();
}

export const titleBox = (page: Page) => page.getByRole("textbox", { name: "제목 (필수)" });
export const bodyBox = (page: Page) => page.getByRole("textbox", { name: "본문" });
export const picker = (page: Page) => page.getByLabel("사진 추가");
export const statusBox = (page: Page) => page.getByRole("combobox", { name: "게시 상태" });
export const altBoxes = (page: Page) => page.getByRole("textbox", { name: /^사진 설명/ });

export async function replaceBody(page: Page, text: string) {
  await bodyBox(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

/** Records every label the form's progress shows, however briefly. */
export async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll("form[aria-busy] progress")) {
        const label = bar.getAttribute("aria-label") ?? "";
        if (!seen.includes(label)) seen.push(label);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
}

/** Creates an article through the new-article form and answers its id (from the editor's address). */
export async function createArticle(
  page: Page,
  fields: {
    title: string;
    tag?: string;
    body: string;
    files?: Upload[];
    alts?: string[];
    status?: "published" | "scheduled" | "draft";
    /** The publishing time as the date field takes it (Seoul), e.g. "2027-01-04T18:00". */
    publishedAt?: string;
  },
): Promise<string> {
  await openEditor(page, "/admin/manage-posts/new");
  await titleBox(page).fill(fields.title);
  await page.getByRole("combobox", { name: "태그" }).fill(fields.tag ?? "E2E");
  if (fields.status) await statusBox(page).selectOption(fields.status);
  if (fields.publishedAt) await page.getByLabel("게시일").fill(fields.publishedAt);
  await bodyBox(page).click();
  await page.keyboard.type(fields.body);
  if (fields.files) await picker(page).setInputFiles(fields.files);
  for (const [index, alt] of (fields.alts ?? []).entries()) await altBoxes(page).nth(index).fill(alt);
  await page.getByRole("button", { name: "게시글 추가" }).click();
  await page.waitForURL(/\/admin\/manage-posts\/[0-9a-f]{32}$/, { timeout: 30_000 });
  await page
    .getByRole("status")
    .filter({ hasText: `'${fields.title}' 게시글이 추가되었습니다` })
    .first()
    .waitFor();
  return new URL(page.url()).pathname.split("/").at(-1) ?? "";
}

/**
 * Adds an article through the write endpoint the editor sends to, as the run's manager, without
 * a browser: for tests about what becomes of an article, not about writing one (createArticle
 * goes through the form). Answers the new article's id.
 */
export async function addArticle(fields: {
  title: string;
  tag?: string;
  body: string;
  status?: "published" | "scheduled" | "draft";
  /** Seoul wall-clock time as the date field takes it; a minute ago unless told. */
  publishedAt?: string;
}): Promise<string> {
  const form = new FormData();
  form.set("intent", "create");
  form.set("title", fields.title);
  form.set("tag", fields.tag ?? "E2E");
  form.set("status", fields.status ?? "published");
  form.set("publishedAt", fields.publishedAt ?? seoulDateTimeInput(new Date(Date.now() - 60_000).toISOString()));
  form.set("contents", `<p>${fields.body}</p>`);
  const answer = await postArticleForm(form);
  const id = answer.data?.id;
  if (!id) throw new Error(`The write answered no id: ${JSON.stringify(answer)}`);
  return id;
}

/**
 * Deletes an article through the write endpoint, as the run's manager, without a browser: for a
 * test's clean-up where the page is elsewhere (deleteFromEditor goes through the editor).
 */
export async function removeArticle(db: Db, id: string): Promise<void> {
  const { version } = await db.selectFrom("articles").select("version").where("id", "=", id).executeTakeFirstOrThrow();
  const form = new FormData();
  form.set("intent", "delete");
  form.set("id", id);
  form.set("version", String(version));
  await postArticleForm(form);
}

/** Sends a form to the articles' write endpoint with the run's session; the write must succeed. */
async function postArticleForm(form: FormData): Promise<{ data?: { id?: string } }> {
  const cookies = (JSON.parse(testServer().adminCookies) as { name: string; value: string }[])
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
  const response = await fetch(`${testServer().baseURL}/admin/api/articles`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookies, Accept: "application/json" },
  });
  const answer = (await response.json()) as { data?: { id?: string } };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

/**
 * Deletes an article from its editor, through the confirmation dialog: in the page as it is when
 * it shows that editor already (after a save), else loaded anew.
 */
export async function deleteFromEditor(page: Page, id: string, title: string) {
  const path = `/admin/manage-posts/${id}`;
  if (new URL(page.url()).pathname !== path) await openEditor(page, path);
  await page.getByRole("button", { name: "이 게시글 삭제" }).click();
  const dialog = page.getByRole("dialog", { name: `'${title}' 게시글을 삭제할까요?` });
  await dialog.getByRole("button", { name: "이 게시글 삭제" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/manage-posts");
  await page
    .getByRole("status")
    .filter({ hasText: `'${title}' 게시글이 삭제되었습니다` })
    .waitFor();
}

export async function articlesTitled(db: Db, title: string) {
  return db.selectFrom("articles").select("id").where("title", "=", title).execute();
}

/** The article's pictures as a page of it shows them (`serverDocument`): their images, in order. */
export const galleryImages = (document: Document) => [...document.querySelectorAll("main article button img")];

/** The descriptions of the article's pictures, in order. */
export const galleryAlts = (document: Document) => galleryImages(document).map((image) => image.getAttribute("alt"));
