import { beforeAll, expect, test } from "vitest";
import { getLeaders, type Leaders, saveLeaders } from "#server/domain/leaders/leaders.ts";
import { type LeaderRow, leadersForm } from "../support/admin-forms.ts";
import { lastAuditEntry } from "../support/stored-content.ts";
import { MANAGER, postCommand, postRaw } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";

type Row = LeaderRow;

const EMPTY: Row = { name: "", phoneNumber: "" };

describeEachDatabase("leaders writes", (services) => {
  const save = async (version: number, rows: Row[]) => {
    const { status, body } = await postCommand(services(), "leaders", leadersForm(version, rows));
    expect(body.status).toBe(status);
    return body;
  };
  const current = () => getLeaders(services().db);

  beforeAll(async () => {
    const leaders: Leaders = {
      leaders: [
        { name: "김회장", phoneNumber: "010-1111-2222" },
        { name: "이부회장", phoneNumber: "010-3333-4444" },
      ],
    };
    await saveLeaders(services().db, leaders, undefined);
  });

  test("three leaders are saved with an audit entry; an empty last row leaves one out", async () => {
    const { version } = await current();
    const three = await save(version, [
      { name: " 박회장 ", phoneNumber: "010-1234-5678" },
      { name: "최부회장", phoneNumber: "02-123-4567" },
      { name: "정부회장", phoneNumber: "031-9876-5432" },
    ]);
    expect(three).toMatchObject({ ok: true, message: "운영진 정보가 수정되었습니다" });
    await expect(current()).resolves.toMatchObject({
      version: version + 1,
      value: {
        leaders: [
          { name: "박회장", phoneNumber: "010-1234-5678" },
          { name: "최부회장", phoneNumber: "02-123-4567" },
          { name: "정부회장", phoneNumber: "031-9876-5432" },
        ],
      },
    });
    await expect(lastAuditEntry(services().db, "leaders")).resolves.toMatchObject({
      type: "normal",
      content: "운영진 정보가 수정되었습니다",
      actor: MANAGER,
    });

    const two = await save(version + 1, [
      { name: "박회장", phoneNumber: "010-1234-5678" },
      { name: "최부회장", phoneNumber: "02-123-4567" },
      { name: " ", phoneNumber: "" },
    ]);
    expect(two.ok).toBe(true);
    expect((await current()).value.leaders.map((leader) => leader.name)).toEqual(["박회장", "최부회장"]);
  });

  test("each refusal is keyed to its row's field and nothing changes", async () => {
    const before = await current();
    const result = await save(before.version, [
      { name: "", phoneNumber: "010-1234-5678" },
      { name: "최부회장", phoneNumber: "12345" },
      { name: "반쯤 쓴 행", phoneNumber: "" },
    ]);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(result.fieldErrors).toEqual({
      "leaders.0.name": "이름을 입력해 주세요.",
      "leaders.1.phoneNumber": "전화번호는 010-1234-5678 형식으로 입력해 주세요.",
      "leaders.2.phoneNumber": "전화번호는 010-1234-5678 형식으로 입력해 주세요.",
    });
    await expect(current()).resolves.toEqual(before);
    await expect(lastAuditEntry(services().db, "leaders")).resolves.toMatchObject({
      type: "failure",
      content: "운영진 정보 수정에 실패했습니다",
    });
  });

  test("a name longer than 30 characters is refused in Korean", async () => {
    const { version } = await current();
    const result = await save(version, [
      { name: "가".repeat(31), phoneNumber: "010-1234-5678" },
      { name: "최부회장", phoneNumber: "02-123-4567" },
      EMPTY,
    ]);
    expect(result.fieldErrors).toEqual({ "leaders.0.name": "이름은 30자까지 쓸 수 있습니다." });
  });

  test("a save from an older version is a conflict", async () => {
    const before = await current();
    const result = await save(before.version - 1, [
      { name: "낡은 회장", phoneNumber: "010-1234-5678" },
      { name: "최부회장", phoneNumber: "02-123-4567" },
      EMPTY,
    ]);
    expect(result).toMatchObject({ ok: false, status: 409, conflict: true });
    await expect(current()).resolves.toEqual(before);
  });

  test("rows that do not line up, JSON and a cut-off form are refused without a server error", async () => {
    const before = await current();
    const uneven = await postCommand(services(), "leaders", {
      ...leadersForm(before.version, [EMPTY, EMPTY, EMPTY]),
      "leaders.phoneNumber": ["010-1234-5678"],
    });
    expect(uneven.status).toBe(400);
    expect(uneven.body.message).toContain("보낸 양식을 읽을 수 없습니다");

    const json = await postRaw(
      services(),
      "leaders",
      "application/json",
      JSON.stringify({ intent: "save", version: before.version, leaders: [] }),
    );
    expect(json).toMatchObject({ status: 415, body: { ok: false } });
    const cutOff = await postRaw(
      services(),
      "leaders",
      "multipart/form-data; boundary=cut",
      '--cut\r\nContent-Disposition: form-data; name="leaders.name"\r\n\r\n김',
    );
    expect(cutOff).toMatchObject({ status: 400, body: { ok: false } });
    await expect(current()).resolves.toEqual(before);
    await expect(lastAuditEntry(services().db, "leaders")).resolves.toMatchObject({
      type: "failure",
      content: "운영진 정보 저장에 실패했습니다",
    });
  });
});
