import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as lists from "./admin-lists.ts";
import { severeViolations } from "./support/axe.ts";
import { consoleErrorsOf, setupBrowser } from "./support/browser.ts";
import { openServerDatabase } from "./support/server-database.ts";

const { newPage } = setupBrowser();
const data = openServerDatabase();
let folder = "";

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "e2e-backup-"));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Text as React writes it into a page. */
const escaped = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

describe("backup and restore in the admin area", () => {
  test("a file that is not a backup is refused and the page reads well in both themes; a downloaded backup, restored after an article changed, brings the old article back", async () => {
    const page = await lists.openAdminPage(await newPage(), "/admin/backup");
    const form = page.getByRole("form", { name: "백업에서 복원" });
    const dialog = page.getByRole("dialog", { name: "이 백업으로 사이트를 되돌릴까요?" });
    const log = page.getByRole("table", { name: "최근 백업과 복원" });

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "백업 파일 내려받기" }).click();
    const archive = path.join(folder, (await download).suggestedFilename());
    expect(archive).toMatch(/club-backup-.*\.tar\.gz$/);
    await (await download).saveAs(archive);
    const { size } = await stat(archive);
    expect(size).toBeGreaterThan(1000);

    // A file that is not a backup is refused with a message, and the log says so.
    await form.getByLabel("백업 파일").setInputFiles({
      name: "notes.tar.gz",
      mimeType: "application/gzip",
      buffer: Buffer.from("these are notes, not a backup"),
    });
    await form.getByRole("button", { name: "이 백업으로 복원" }).click();
    await dialog.getByRole("button", { name: "복원", exact: true }).click();
    await page
      .getByRole("alert")
      .or(page.getByRole("status"))
      .filter({ hasText: "아니거나 손상된 파일입니다" })
      .first()
      .waitFor();
    await expect.poll(() => log.textContent()).toContain("백업에서 복원하지 못했습니다");
    await expect(lists.publicText("/community/media")).resolves.toContain("미디어");
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await severeViolations(page, "main"), colorScheme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: null });

    // An article changes after the backup, and visitors see the change.
    const db = data.db();
    const article = await db
      .selectFrom("articles")
      .select(["id", "title"])
      .where("status", "=", "published")
      .orderBy("published_at", "desc")
      .executeTakeFirstOrThrow();
    const changed = lists.uniqueName("백업 뒤에 바뀐 제목");
    await db.updateTable("articles").set({ title: changed }).where("id", "=", article.id).execute();
    await data.contentChanged();
    await expect(lists.publicText(`/community/media/${article.id}`)).resolves.toContain(changed);

    // The restore asks first, shows its upload going, then says what it restored.
    await lists.slowUploads(page, Math.max(64 * 1024, Math.round(size / 3)));
    await form.getByLabel("백업 파일").setInputFiles(archive);
    await form.getByRole("button", { name: "이 백업으로 복원" }).click();
    await expect.poll(() => dialog.textContent()).toContain(path.basename(archive));
    await dialog.getByRole("button", { name: "복원", exact: true }).click();
    await form
      .getByRole("status")
      .filter({ hasText: /백업 파일을 올리는 중 \d+%/ })
      .waitFor();
    await expect.poll(() => form.locator("progress").isVisible()).toBe(true);
    await lists.successMessage(page, "백업에서 복원되었습니다");
    // The backup's time is written as every table on the site writes a time.
    await page
      .getByRole("status")
      .filter({ hasText: /\d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}에 만든 백업에서 복원되었습니다/ })
      .first()
      .waitFor();

    // Visitors see the article as it was, and the log names the download and the restore.
    const restored = await lists.publicText(`/community/media/${article.id}`);
    expect(restored).toContain(escaped(article.title));
    expect(restored).not.toContain(changed);
    await expect.poll(() => log.textContent()).toContain("백업에서 복원되었습니다");
    await expect(log.textContent()).resolves.toContain("백업 파일을 내려받았습니다");
    // The refused file is the only failed request.
    expect(consoleErrorsOf(page).filter((text) => !text.includes("status of 400"))).toEqual([]);
  }, 90_000);
});
