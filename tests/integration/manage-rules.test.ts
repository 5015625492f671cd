import { beforeAll, expect, test } from "vitest";
import { writeWithFiles } from "#server/domain/files/files.ts";
import { rulesContent } from "#server/domain/rules/content-type.ts";
import { findRuleFile } from "#server/domain/rules/rule-files.ts";
import { getRules, saveRules } from "#server/domain/rules/rules.ts";
import { adminWriteEndpoint } from "#server/http/write-endpoint.ts";
import { makeDemoPdf } from "#server/seed/pdf.ts";
import { ruleFileField } from "#shared/rule-form.ts";
import { type RuleRow, ruleRowsOf, rulesForm } from "../support/admin-forms.ts";
import { existingKeys, keysOfFile, lastAuditEntry, storedFiles } from "../support/stored-content.ts";
import { callAction, MANAGER, postCommand } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";

async function pdfFile(name: string, title = "회칙"): Promise<File> {
  const bytes = await makeDemoPdf({ title, paragraphs: [`${title} 본문`] });
  return new File([new Uint8Array(bytes)], name, { type: "application/pdf" });
}

type Row = RuleRow;
const rowsOf = ruleRowsOf;

describeEachDatabase("rules writes", (services) => {
  const submit = async (form: FormData) => {
    const { status, body } = await postCommand(services(), "rules", form);
    expect(body.status).toBe(status);
    return body;
  };

  beforeAll(async () => {
    const { db, storage } = services();
    await writeWithFiles(db, storage, async (trx, files) => {
      const stored = await files.store({
        folder: "rules",
        extension: "pdf",
        contentType: "application/pdf",
        body: await makeDemoPdf({ title: "회칙", paragraphs: ["제1조"] }),
      });
      await saveRules(
        trx,
        {
          contents: "<h2>제1장 총칙</h2><p>제1조</p>",
          attachments: [{ fileId: stored.id, fileName: "KERNEL-rules.pdf", title: "회칙 전문" }],
        },
        undefined,
      );
    });
  });

  test("the text is sanitized before it is stored, with its audit entry", async () => {
    const { db } = services();
    const { value, version } = await getRules(db);
    const result = await submit(
      rulesForm(
        version,
        [
          "<h2>제2장 회원</h2>",
          "<p onclick=\"alert('x')\">제5조<script>alert(1)</script></p>",
          '<p><a href="javascript:alert(1)">링크</a><img src="x" onerror="alert(1)"></p>',
          '<svg><script>alert(1)</script></svg><iframe src="https://evil.example"></iframe>',
          '<p><a href="https://club.example.org">동아리</a></p>',
        ].join(""),
        rowsOf(value),
      ),
    );
    expect(result).toMatchObject({ ok: true, message: "회칙 본문이 수정되었습니다" });
    const saved = await getRules(db);
    expect(saved.version).toBe(version + 1);
    expect(saved.value.contents).toContain("<h2>제2장 회원</h2>");
    expect(saved.value.contents).toContain("<p>제5조</p>");
    expect(saved.value.contents).toContain('href="https://club.example.org"');
    for (const inert of ["<script", "onclick", "onerror", "javascript:", "<svg", "<iframe"]) {
      expect(saved.value.contents).not.toContain(inert);
    }
    expect(saved.value.attachments).toEqual(value.attachments);
    await expect(lastAuditEntry(db, "rules")).resolves.toMatchObject({
      type: "normal",
      content: "회칙 본문이 수정되었습니다",
      actor: MANAGER,
    });
  });

  test("a new PDF is stored with its row and served under its download name", async () => {
    const { db, storage } = services();
    const { value, version } = await getRules(db);
    const result = await submit(
      rulesForm(version, value.contents, [
        ...rowsOf(value),
        {
          key: "new-a1",
          title: "회비 세칙",
          fileName: "회비 세칙 2027.pdf",
          file: await pdfFile("fees.pdf"),
        },
      ]),
    );
    expect(result).toMatchObject({ ok: true, message: "'회비 세칙' 회칙 파일이 추가되었습니다" });
    const saved = await getRules(db);
    const added = saved.value.attachments[1];
    expect(added).toMatchObject({ title: "회비 세칙", fileName: "회비 세칙 2027.pdf" });
    const keys = (await keysOfFile(db, added?.fileId ?? "")) ?? [];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^rules\/[0-9a-f]{32}\.pdf$/);
    await expect(existingKeys(storage, keys)).resolves.toEqual(keys);
    await expect(findRuleFile(db, "회비 세칙 2027.pdf")).resolves.toMatchObject({
      fileId: added?.fileId,
    });
  });

  test("a new row without a name takes the uploaded file's name", async () => {
    const { db } = services();
    const { value, version } = await getRules(db);
    const result = await submit(
      rulesForm(version, value.contents, [
        ...rowsOf(value),
        { key: "new-b2", title: "총회 회의록", fileName: "", file: await pdfFile("총회.pdf") },
      ]),
    );
    expect(result.ok).toBe(true);
    const saved = await getRules(db);
    expect(saved.value.attachments.map((attachment) => attachment.fileName)).toContain("총회.pdf");
  });

  test("a file that is not a PDF is refused by its bytes, next to its field, and nothing is kept", async () => {
    const { db } = services();
    const { value, version } = await getRules(db);
    const filesBefore = await storedFiles(services());
    const fake = new File([new TextEncoder().encode("<html>not a pdf</html>")], "가짜.pdf", {
      type: "application/pdf",
    });
    const result = await submit(
      rulesForm(version, "<p>함께 바뀌면 안 되는 본문</p>", [
        ...rowsOf(value),
        { key: "new-c3", title: "가짜", fileName: "가짜.pdf", file: fake },
      ]),
    );
    expect(result.status).toBe(400);
    expect(result.fieldErrors?.[ruleFileField("new-c3")]).toContain("%PDF-");
    await expect(getRules(db)).resolves.toMatchObject({ version, value });
    await expect(storedFiles(services())).resolves.toEqual(filesBefore);
    await expect(lastAuditEntry(db, "rules")).resolves.toMatchObject({
      type: "failure",
      content: "회칙 수정에 실패했습니다",
    });
  });

  test("a new row needs its PDF", async () => {
    const { db } = services();
    const { value, version } = await getRules(db);
    const result = await submit(
      rulesForm(version, value.contents, [{ key: "new-d4", title: "파일 없음", fileName: "none.pdf" }]),
    );
    expect(result).toMatchObject({
      status: 400,
      fieldErrors: { [ruleFileField("new-d4")]: "올릴 PDF 파일을 골라 주세요." },
    });
  });

  test.each([
    ["회칙.txt", "파일 이름은 .pdf로 끝나야"],
    ["규정/회칙.pdf", "파일 이름은 .pdf로 끝나야"],
    ["회칙?.pdf", "파일 이름은 .pdf로 끝나야"],
    ["", "파일 이름을 입력해 주세요"],
    [`${"가".repeat(120)}.pdf`, "120자까지"],
  ])("the download name %j is refused by the rules schema", async (fileName, message) => {
    const { db } = services();
    const { value, version } = await getRules(db);
    const rows = rowsOf(value);
    const result = await submit(
      rulesForm(version, value.contents, [{ ...(rows[0] as Row), fileName }, ...rows.slice(1)]),
    );
    expect(result.status).toBe(400);
    expect(result.fieldErrors?.["attachments.0.fileName"]).toContain(message);
    await expect(getRules(db)).resolves.toMatchObject({ version });
  });

  test("two attachments cannot share a download name, whatever its case or Unicode form", async () => {
    const { db } = services();
    const { value, version } = await getRules(db);
    const rows = rowsOf(value);
    const taken = rows[1]?.fileName ?? "";
    for (const duplicate of [taken, taken.toUpperCase(), taken.normalize("NFD")]) {
      const result = await submit(
        rulesForm(version, value.contents, [
          ...rows,
          { key: "new-e5", title: "중복", fileName: duplicate, file: await pdfFile("x.pdf") },
        ]),
      );
      expect(result.status).toBe(400);
      expect(result.fieldErrors?.[`attachments.${rows.length}.fileName`]).toBe(
        "같은 이름의 파일이 이미 있습니다. 다른 이름을 입력해 주세요.",
      );
    }
    await expect(getRules(db)).resolves.toMatchObject({ version });
  });

  test("renaming moves the download address; reordering keeps the files", async () => {
    const { db } = services();
    const { value, version } = await getRules(db);
    const [first, second, ...rest] = rowsOf(value);
    if (!first || !second) throw new Error("two attachments expected");
    const renamed = await submit(
      rulesForm(version, value.contents, [
        { ...first, title: "회칙 전문 (2027)", fileName: "KERNEL 회칙 2027.pdf" },
        second,
        ...rest,
      ]),
    );
    expect(renamed.message).toBe("'회칙 전문 (2027)' 회칙 파일이 수정되었습니다");
    await expect(findRuleFile(db, "KERNEL-rules.pdf")).resolves.toBeUndefined();
    await expect(findRuleFile(db, "KERNEL 회칙 2027.pdf")).resolves.toMatchObject({
      fileId: first.key,
    });

    const current = await getRules(db);
    const rows = rowsOf(current.value);
    const reordered = await submit(rulesForm(current.version, current.value.contents, [...rows].reverse()));
    expect(reordered.message).toBe("회칙 파일 순서가 변경되었습니다");
    const saved = await getRules(db);
    expect(saved.value.attachments.map((attachment) => attachment.fileId)).toEqual(
      rows.map((row) => row.key).reverse(),
    );
    await expect(lastAuditEntry(db, "rules")).resolves.toMatchObject({
      content: "회칙 파일 순서가 변경되었습니다",
    });
  });

  test("removing an attachment deletes its file after the commit", async () => {
    const { db, storage } = services();
    const { value, version } = await getRules(db);
    const [removed, ...kept] = value.attachments;
    if (!removed) throw new Error("an attachment expected");
    const keys = (await keysOfFile(db, removed.fileId)) ?? [];
    expect(keys.length).toBeGreaterThan(0);
    const result = await submit(rulesForm(version, value.contents, rowsOf({ ...value, attachments: kept })));
    expect(result.message).toBe(`'${removed.title}' 회칙 파일이 삭제되었습니다`);
    await expect(keysOfFile(db, removed.fileId)).resolves.toBeUndefined();
    await expect(existingKeys(storage, keys)).resolves.toEqual([]);
    await expect(findRuleFile(db, removed.fileName)).resolves.toBeUndefined();
  });

  test("a save from an older version is a conflict and stores nothing", async () => {
    const { db } = services();
    const { value, version } = await getRules(db);
    const filesBefore = await storedFiles(services());
    const result = await submit(
      rulesForm(version - 1, "<p>낡은 편집</p>", [
        ...rowsOf(value),
        { key: "new-f6", title: "낡은 파일", fileName: "old.pdf", file: await pdfFile("old.pdf") },
      ]),
    );
    expect(result).toMatchObject({ ok: false, status: 409, conflict: true });
    await expect(getRules(db)).resolves.toMatchObject({ version, value });
    await expect(storedFiles(services())).resolves.toEqual(filesBefore);
  });

  test("an upload over the size limit answers 413 and is logged as a failure", async () => {
    const { db } = services();
    const { value, version } = await getRules(db);
    const form = rulesForm(version, value.contents, [
      ...rowsOf(value),
      { key: "new-g7", title: "큰 파일", fileName: "big.pdf", file: await pdfFile("big.pdf") },
    ]);
    // The endpoint as it serves the rules, with a smaller file limit.
    const endpoint = adminWriteEndpoint([{ ...rulesContent, files: { maxFileBytes: 1024, maxFiles: 20 } }]);
    const { status, body: result } = await callAction(endpoint, services(), "/admin/api/rules", form, {
      type: "rules",
    });
    expect(status).toBe(413);
    expect(result.message).toContain("1KB");
    await expect(getRules(db)).resolves.toMatchObject({ version });
    await expect(lastAuditEntry(db, "rules")).resolves.toMatchObject({
      type: "failure",
      error: "파일 하나는 1KB까지 올릴 수 있습니다.",
    });
  });
});
