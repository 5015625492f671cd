import { text } from "node:stream/consumers";
import { beforeAll, expect, test } from "vitest";
import { odaehoPdfName } from "#server/domain/odaeho/manage.ts";
import { issuesWithFiles, listOdaehoIssues } from "#server/domain/odaeho/odaeho.ts";
import { demoSiteSettings, getSiteSettings, saveSiteSettings } from "#server/domain/site-settings/site-settings.ts";
import { imageFile, pdfDocument, pdfWithScript } from "../support/files.ts";
import { storedKeysMatchRows } from "../support/stored-content.ts";
import { multipartForm, postCommand } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";

const MISSING = "Upload Failed! Thumbnail Image or PDF file is not defined!";

describeEachDatabase("managing odaeho issues", (services) => {
  beforeAll(async () => {
    await saveSiteSettings(services().db, { ...demoSiteSettings("http://club.test"), clubName: "KERNEL" }, undefined);
  });

  const upload = (fields: Record<string, string | File | undefined>) =>
    postCommand(services(), "odaeho", multipartForm(fields));
  const page = (fields: Record<string, string | string[]>) => postCommand(services(), "odaeho", fields);

  const create = async (title: string, files: { thumbnail?: File; pdf?: File } = {}) => {
    const answer = await upload({
      intent: "create",
      title,
      description: `${title} 설명`,
      publishedAt: "2030-12-20",
      thumbnail: files.thumbnail ?? (await imageFile("cover.png")),
      pdf: files.pdf ?? pdfDocument("upload.pdf", title),
    });
    expect(answer.body.message).toBe(`'${title}' 오대호 회지가 추가되었습니다`);
    return answer.body.data as string;
  };

  /** A new issue's form with a cover and a PDF, but for what `change` takes away (undefined) or puts in place. */
  const createWith = async (title: string, change: { thumbnail?: File; pdf?: File; publishedAt?: string }) =>
    upload({
      intent: "create",
      title,
      description: "",
      publishedAt: "2030-01-01",
      thumbnail: await imageFile(),
      pdf: pdfDocument(),
      ...change,
    });

  /** The stored row as the public pages read it, with its version and place in the list. */
  const issue = (id: string) =>
    issuesWithFiles(services().db)
      .select(["issue.version", "issue.position"])
      .where("issue.id", "=", id)
      .executeTakeFirst();

  const order = async () => (await listOdaehoIssues(services().db, services().storage)).map((entry) => entry.id);

  const audit = (content: string) =>
    services()
      .db.selectFrom("audit_log")
      .select(["category", "type", "error"])
      .where("content", "=", content)
      .execute();

  test("a new issue goes to the top with its cover and '{club} odaeho {title}.pdf' in its folder", async () => {
    const older = await create("오대호 2030");
    const id = await create("오대호 2031");
    const saved = await issue(id);
    expect(saved).toMatchObject({
      title: "오대호 2031",
      published_at: "2030-12-19T15:00:00.000Z",
      position: 0,
      version: 1,
    });
    expect(saved?.pdf_key).toBe(`odaeho/${id}/KERNEL odaeho 오대호 2031.pdf`);
    expect(saved?.cover_key).toMatch(new RegExp(`^odaeho/${id}/[0-9a-f]{32}\\.webp$`));
    await expect(text(await services().storage.get(saved?.pdf_key ?? ""))).resolves.toContain("오대호 2031");
    expect(await storedKeysMatchRows(services())).toContain(saved?.pdf_key);
    expect((await order()).slice(0, 2)).toEqual([id, older]);
    const listed = (await listOdaehoIssues(services().db, services().storage))[0];
    expect(listed?.pdf.fileName).toBe("KERNEL odaeho 오대호 2031.pdf");
    expect(await audit("'오대호 2031' 오대호 회지가 추가되었습니다")).toEqual([
      { category: "odaeho", type: "normal", error: null },
    ]);
  });

  test("a new issue without its cover or its PDF is refused with the spec's message", async () => {
    const before = await storedKeysMatchRows(services());
    const count = (await order()).length;
    const withoutPdf = await createWith("PDF 없는 호", { pdf: undefined });
    expect(withoutPdf.status).toBe(400);
    expect(withoutPdf.body.message).toBe(MISSING);
    expect(withoutPdf.body.fieldErrors).toEqual({ pdf: MISSING });
    const withoutCover = await createWith("표지 없는 호", { thumbnail: undefined });
    expect(withoutCover.body).toMatchObject({
      message: MISSING,
      fieldErrors: { thumbnail: MISSING },
    });
    const empty = await upload({ intent: "create", title: "", description: "", publishedAt: "" });
    expect(empty.body.message).toBe(MISSING);
    expect(await order()).toHaveLength(count);
    expect(await storedKeysMatchRows(services())).toEqual(before);
    expect(await audit("'PDF 없는 호' 오대호 회지 추가에 실패했습니다")).toEqual([
      expect.objectContaining({ type: "failure", error: expect.stringContaining(MISSING) }),
    ]);
  });

  test("the PDF is checked by its bytes and the cover must be an image", async () => {
    const before = await storedKeysMatchRows(services());
    const renamed = await createWith("가짜 PDF", {
      pdf: new File(["GIF89a not a pdf"], "magazine.pdf", { type: "application/pdf" }),
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.fieldErrors?.pdf).toContain("%PDF-");
    const scripted = await createWith("스크립트 PDF", { pdf: await pdfWithScript() });
    expect(scripted.status).toBe(400);
    expect(scripted.body.fieldErrors?.pdf).toContain("스크립트(JavaScript)");
    const notImage = await createWith("가짜 표지", { thumbnail: pdfDocument("cover.jpg") });
    expect(notImage.body.fieldErrors?.thumbnail).toContain("이미지 파일이 아닙니다");
    const badDate = await createWith("날짜 없는 호", { publishedAt: "2030-02-31" });
    expect(badDate.body.fieldErrors?.publishedAt).toBeDefined();
    expect(await storedKeysMatchRows(services())).toEqual(before);
  });

  test("a new title renames the PDF; new files replace the old ones, which are removed", async () => {
    const id = await create("오대호 2032");
    const first = await issue(id);

    const renamed = await upload({
      intent: "update",
      id,
      version: "1",
      title: "오대호 2032 특별호",
      description: "새 설명",
      publishedAt: "2032-12-01",
    });
    expect(renamed.body).toMatchObject({
      ok: true,
      message: "'오대호 2032 특별호' 오대호 회지가 수정되었습니다",
    });
    const second = await issue(id);
    expect(second?.pdf_key).toMatch(new RegExp(`^odaeho/${id}/[0-9a-f]{32}/KERNEL odaeho 오대호 2032 특별호\\.pdf$`));
    expect(second?.cover_key).toBe(first?.cover_key);
    await expect(text(await services().storage.get(second?.pdf_key ?? ""))).resolves.toContain("오대호 2032");
    let stored = await storedKeysMatchRows(services());
    expect(stored).not.toContain(first?.pdf_key);

    const replaced = await upload({
      intent: "update",
      id,
      version: "2",
      title: "오대호 2032 특별호",
      description: "새 설명",
      publishedAt: "2032-12-01",
      thumbnail: await imageFile("new-cover.jpg"),
      pdf: pdfDocument("new.pdf", "second edition"),
    });
    expect(replaced.body.ok).toBe(true);
    const third = await issue(id);
    expect(third?.version).toBe(3);
    expect(third?.pdf_key).not.toBe(second?.pdf_key);
    expect(third?.pdf_key.endsWith("/KERNEL odaeho 오대호 2032 특별호.pdf")).toBe(true);
    expect(third?.cover_key).not.toBe(second?.cover_key);
    await expect(text(await services().storage.get(third?.pdf_key ?? ""))).resolves.toContain("second edition");
    stored = await storedKeysMatchRows(services());
    expect(stored).not.toContain(second?.pdf_key);
    expect(stored).not.toContain(second?.cover_key);

    const unchanged = await upload({
      intent: "update",
      id,
      version: "3",
      title: "오대호 2032 특별호",
      description: "설명만 바꿈",
      publishedAt: "2032-12-01",
    });
    expect(unchanged.body.ok).toBe(true);
    expect((await issue(id))?.pdf_key).toBe(third?.pdf_key);
  });

  test("an edit over a newer version is a conflict that stores nothing", async () => {
    const id = await create("오대호 2033");
    expect(
      (
        await upload({
          intent: "update",
          id,
          version: "1",
          title: "오대호 2033",
          description: "먼저 저장",
          publishedAt: "2033-12-01",
        })
      ).body.ok,
    ).toBe(true);
    const before = await storedKeysMatchRows(services());
    const stale = await upload({
      intent: "update",
      id,
      version: "1",
      title: "오대호 2033 나중",
      description: "나중에 저장",
      publishedAt: "2033-12-01",
      pdf: pdfDocument(),
      thumbnail: await imageFile(),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.conflict).toBe(true);
    expect(await issue(id)).toMatchObject({ description: "먼저 저장", version: 2 });
    expect(await storedKeysMatchRows(services())).toEqual(before);
  });

  test("a delete removes the issue with both files; a stale one is refused", async () => {
    const id = await create("오대호 2034");
    const saved = await issue(id);
    expect((await page({ intent: "delete", id, version: "2" })).status).toBe(409);
    const answer = await page({ intent: "delete", id, version: "1" });
    expect(answer.body).toMatchObject({
      ok: true,
      message: "'오대호 2034' 오대호 회지가 삭제되었습니다",
    });
    expect(await issue(id)).toBeUndefined();
    const stored = await storedKeysMatchRows(services());
    expect(stored).not.toContain(saved?.pdf_key);
    expect(stored).not.toContain(saved?.cover_key);
    expect(stored.some((key) => key.startsWith(`odaeho/${id}/`))).toBe(false);
  });

  test("the managers' order is saved and is the public order; a stale order is a logged failure", async () => {
    const current = await order();
    const reversed = [...current].reverse();
    const saved = await page({ intent: "reorder", expected: current, id: reversed });
    expect(saved.body).toMatchObject({ ok: true, message: "오대호 목록 순서가 변경되었습니다" });
    expect(await order()).toEqual(reversed);
    const stale = await page({ intent: "reorder", expected: current, id: current });
    expect(stale.status).toBe(409);
    expect(await order()).toEqual(reversed);
    expect(await audit("오대호 목록 순서 변경에 실패했습니다")).toEqual([
      expect.objectContaining({ category: "odaeho", type: "failure" }),
    ]);
  });

  test("the PDF name keeps the spec's form and stays a safe file name", async () => {
    const { value } = await getSiteSettings(services().db);
    expect(odaehoPdfName(value.clubName, "오대호 2026")).toBe("KERNEL odaeho 오대호 2026.pdf");
    expect(odaehoPdfName("KERNEL", "2025/2026: 합본?")).toBe("KERNEL odaeho 2025_2026_ 합본_.pdf");
    const long = odaehoPdfName("새솔대학교 중앙 컴퓨터 동아리", "가".repeat(80));
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(200);
    expect(long.startsWith("새솔대학교 중앙 컴퓨터 동아리 odaeho 가")).toBe(true);
    expect(long.endsWith(".pdf")).toBe(true);
  });
});
