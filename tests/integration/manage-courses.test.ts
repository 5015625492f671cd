import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { loader as publicLoader } from "#app/routes/public/community/courses.tsx";
import { getCourseRecord, listPeriods } from "#server/domain/courses/courses.ts";
import { listManagedEntries, listManagedPeriods } from "#server/domain/courses/manage.ts";
import { servicesContext } from "#server/http/router-context.ts";
import { lastAuditEntry } from "../support/stored-content.ts";
import { MANAGER, postCommand } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";

describeEachDatabase("managing course records", (services) => {
  const post = async (fields: Record<string, string | string[]>) => {
    const { status, body } = await postCommand(services(), "courses", fields);
    return { ...body, status };
  };
  const addPeriod = (name: string) => post({ intent: "create-period", name });
  const periodNamed = async (name: string) => {
    const period = (await listManagedPeriods(services().db)).find((p) => p.name === name);
    if (!period) throw new Error(`No period ${name}`);
    return period;
  };
  const renamePeriod = (period: { id: string; version: number }, name: string) =>
    post({ intent: "update-period", id: period.id, version: String(period.version), name });
  const addEntry = (periodId: string, kind: string, title: string, extra = {}) =>
    post({ intent: "create-entry", periodId, kind, title, ...extra });

  test("adding a period creates its empty record at the end of the list, with an audit entry", async () => {
    const first = await addPeriod("2026-2학기");
    expect(first).toMatchObject({
      ok: true,
      status: 200,
      message: "'2026-2학기' 학기가 추가되었습니다",
    });
    const second = await addPeriod("  2027-1학기 ");
    expect(second.ok).toBe(true);
    const names = (await listPeriods(services().db)).map((period) => period.name);
    expect(names.slice(-2)).toEqual(["2026-2학기", "2027-1학기"]);

    const added = await periodNamed("2027-1학기");
    expect(added).toMatchObject({ version: 1, entryCount: 0 });
    expect(second.data).toBe(added.id);
    await expect(getCourseRecord(services().db, added.id)).resolves.toEqual({
      project: [],
      session: [],
      study: [],
    });
    await expect(lastAuditEntry(services().db, "courses")).resolves.toEqual({
      type: "normal",
      content: "'2027-1학기' 학기가 추가되었습니다",
      error: null,
      actor: MANAGER,
    });
  });

  test("a period name must be given and unique", async () => {
    const empty = await addPeriod("   ");
    expect(empty).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { name: "학기 이름을 입력해 주세요." },
    });
    const taken = await addPeriod("2026-2학기");
    expect(taken).toMatchObject({ ok: false, status: 400 });
    expect(taken.fieldErrors?.name).toContain("이미 있습니다");
    await expect(lastAuditEntry(services().db, "courses")).resolves.toMatchObject({
      type: "failure",
      content: "'2026-2학기' 학기 추가에 실패했습니다",
    });
    const names = (await listPeriods(services().db)).map((period) => period.name);
    expect(names.filter((name) => name === "2026-2학기")).toHaveLength(1);
  });

  test("a period name is stored in NFKC form, and a look-alike of a name taken is the same period", async () => {
    const lookAlike = await addPeriod("２０２６-2학기");
    expect(lookAlike).toMatchObject({ ok: false, status: 400 });
    expect(lookAlike.fieldErrors?.name).toBe(
      "'2026-2학기' 학기가 이미 있습니다. 전각·반각처럼 모양만 다른 글자는 같은 이름으로 봅니다. 다른 이름을 입력해 주세요.",
    );
    await expect(lastAuditEntry(services().db, "courses")).resolves.toMatchObject({
      type: "failure",
      content: "'2026-2학기' 학기 추가에 실패했습니다",
    });

    const wide = await addPeriod("　２０３０-１학기 ");
    expect(wide).toMatchObject({ ok: true, message: "'2030-1학기' 학기가 추가되었습니다" });
    const added = await periodNamed("2030-1학기");
    // Renaming another period to a look-alike of it is refused the same way.
    const other = await periodNamed("2027-1학기");
    const rename = await renamePeriod(other, "2030-１학기");
    expect(rename).toMatchObject({ status: 400 });
    expect(rename.fieldErrors?.name).toContain("'2030-1학기' 학기가 이미 있습니다");

    // A name stored before names were normalised still counts as taken.
    const now = new Date().toISOString();
    await services()
      .db.insertInto("periods")
      .values({
        id: "legacyperiod",
        name: "２０３１-1학기",
        position: 99,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const legacy = await addPeriod("2031-1학기");
    expect(legacy.fieldErrors?.name).toContain("'２０３１-1학기' 학기가 이미 있습니다");

    for (const id of [added.id, "legacyperiod"]) {
      await services().db.deleteFrom("periods").where("id", "=", id).execute();
    }
  });

  test("entries are added at the end of their kind, edited, and checked", async () => {
    const period = await periodNamed("2026-2학기");
    expect(
      await addEntry(period.id, "session", "파이썬 기초", {
        leader: "이서진",
        description: "8주 과정",
      }),
    ).toMatchObject({ ok: true, message: "'파이썬 기초' 세션이 추가되었습니다" });
    await addEntry(period.id, "session", "Git 첫걸음");
    expect(await addEntry(period.id, "project", "출석 앱")).toMatchObject({
      message: "'출석 앱' 프로젝트가 추가되었습니다",
    });
    expect(await addEntry(period.id, "study", "알고리즘")).toMatchObject({
      message: "'알고리즘' 스터디가 추가되었습니다",
    });

    const record = await getCourseRecord(services().db, period.id);
    expect(record.session.map((entry) => entry.title)).toEqual(["파이썬 기초", "Git 첫걸음"]);
    expect(record.session[0]).toMatchObject({ leader: "이서진", description: "8주 과정" });
    expect(record.project.map((entry) => entry.title)).toEqual(["출석 앱"]);
    expect(record.study.map((entry) => entry.title)).toEqual(["알고리즘"]);

    const untitled = await addEntry(period.id, "study", " ");
    expect(untitled).toMatchObject({
      status: 400,
      fieldErrors: { title: "제목을 입력해 주세요." },
    });
    const badKind = await addEntry(period.id, "lecture", "특강");
    expect(badKind.status).toBe(400);
    const gonePeriod = await addEntry("0".repeat(32), "study", "없는 학기");
    expect(gonePeriod.status).toBe(404);
    expect((await getCourseRecord(services().db, period.id)).study).toHaveLength(1);

    const [python] = (await listManagedEntries(services().db, period.id)).session;
    if (!python) throw new Error("The session was not added");
    const edited = await post({
      intent: "update-entry",
      id: python.id,
      version: String(python.version),
      title: "파이썬 기초 (개정)",
      leader: "박하은",
      description: "",
    });
    expect(edited).toMatchObject({
      ok: true,
      message: "'파이썬 기초 (개정)' 세션이 수정되었습니다",
    });
    const [saved] = (await listManagedEntries(services().db, period.id)).session;
    expect(saved).toMatchObject({
      id: python.id,
      title: "파이썬 기초 (개정)",
      leader: "박하은",
      description: "",
      version: python.version + 1,
    });
  });

  test("the public page shows the newest period with a record, not an empty one just added", async () => {
    // 2027-1학기 is the newest period and still empty; 2026-2학기 has a record.
    const periods = await listPeriods(services().db);
    expect(periods.at(-1)).toMatchObject({ name: "2027-1학기", recorded: false });
    const shown = async (query = "") => {
      const url = new URL(`http://club.test/community/activity/courses${query}`);
      const context = new RouterContextProvider();
      context.set(servicesContext, services());
      const data = await publicLoader({
        request: new Request(url),
        url,
        params: {},
        context,
      } as never);
      return data.period?.name;
    };
    await expect(shown()).resolves.toBe("2026-2학기");
    // Asked for, the empty period is shown, also by a look-alike of its name.
    await expect(shown("?period=2027-1%ED%95%99%EA%B8%B0")).resolves.toBe("2027-1학기");
    await expect(shown(`?period=${encodeURIComponent("２０２７-1학기")}`)).resolves.toBe("2027-1학기");
  });

  test("a save over a newer version is refused as a conflict and logged as a failure", async () => {
    const period = await periodNamed("2026-2학기");
    const [entry] = (await listManagedEntries(services().db, period.id)).session;
    if (!entry) throw new Error("No session");
    const stale = String(entry.version - 1);
    const update = await post({
      intent: "update-entry",
      id: entry.id,
      version: stale,
      title: "덮어쓰기",
    });
    expect(update).toMatchObject({ ok: false, status: 409, conflict: true });
    const removal = await post({ intent: "delete-entry", id: entry.id, version: stale });
    expect(removal).toMatchObject({ status: 409, conflict: true });
    const rename = await post({
      intent: "update-period",
      id: period.id,
      version: "99",
      name: "2026-가을학기",
    });
    expect(rename).toMatchObject({ status: 409, conflict: true });
    await expect(lastAuditEntry(services().db, "courses")).resolves.toMatchObject({
      type: "failure",
      content: "'2026-2학기' 학기 수정에 실패했습니다",
      error: "다른 관리자가 먼저 저장했습니다",
    });
    const [unchanged] = (await listManagedEntries(services().db, period.id)).session;
    expect(unchanged?.title).toBe(entry.title);
  });

  test("entries are reordered within their kind; a list that changed meanwhile is a conflict", async () => {
    const period = await periodNamed("2026-2학기");
    await addEntry(period.id, "session", "웹 기초");
    const before = (await listManagedEntries(services().db, period.id)).session.map((e) => e.id);
    const reversed = [...before].reverse();
    const result = await post({
      intent: "reorder-entries",
      periodId: period.id,
      kind: "session",
      expected: before,
      id: reversed,
    });
    expect(result).toMatchObject({ ok: true, message: "2026-2학기 세션 순서가 변경되었습니다" });
    const after = await listManagedEntries(services().db, period.id);
    expect(after.session.map((entry) => entry.id)).toEqual(reversed);
    expect(after.project).toHaveLength(1);

    // A page still showing the old order: its move would undo the one just saved.
    const stale = await post({
      intent: "reorder-entries",
      periodId: period.id,
      kind: "session",
      expected: before,
      id: before,
    });
    expect(stale).toMatchObject({ status: 409, conflict: true });
    const otherKind = await post({
      intent: "reorder-entries",
      periodId: period.id,
      kind: "project",
      expected: reversed,
      id: reversed,
    });
    expect(otherKind.status).toBe(409);
    expect((await listManagedEntries(services().db, period.id)).session.map((e) => e.id)).toEqual(reversed);
  });

  test("periods are renamed and reordered", async () => {
    const period = await periodNamed("2027-1학기");
    const renamed = await renamePeriod(period, "2027-봄학기");
    expect(renamed).toMatchObject({ ok: true, message: "'2027-1학기' 학기가 수정되었습니다" });
    const ids = (await listManagedPeriods(services().db)).map((p) => p.id);
    const moved = [period.id, ...ids.filter((id) => id !== period.id)];
    expect(await post({ intent: "reorder-periods", expected: ids, id: moved })).toMatchObject({
      ok: true,
      message: "학기 순서가 변경되었습니다",
    });
    const periods = await listPeriods(services().db);
    expect(periods.map((p) => p.id)).toEqual(moved);
    expect(periods[0]?.name).toBe("2027-봄학기");
  });

  test("deleting an entry, then a period with all of its entries", async () => {
    const period = await periodNamed("2026-2학기");
    const [study] = (await listManagedEntries(services().db, period.id)).study;
    if (!study) throw new Error("No study");
    const removed = await post({
      intent: "delete-entry",
      id: study.id,
      version: String(study.version),
    });
    expect(removed).toMatchObject({ ok: true, message: "'알고리즘' 스터디가 삭제되었습니다" });
    expect((await listManagedEntries(services().db, period.id)).study).toEqual([]);

    const current = await periodNamed("2026-2학기");
    expect(current.entryCount).toBeGreaterThan(0);
    const gone = await post({
      intent: "delete-period",
      id: current.id,
      version: String(current.version),
    });
    expect(gone).toMatchObject({ ok: true, message: "'2026-2학기' 학기가 삭제되었습니다" });
    expect((await listPeriods(services().db)).map((p) => p.name)).not.toContain("2026-2학기");
    const orphans = await services()
      .db.selectFrom("course_entries")
      .select("id")
      .where("period_id", "=", current.id)
      .execute();
    expect(orphans).toEqual([]);
    await expect(lastAuditEntry(services().db, "courses")).resolves.toMatchObject({
      type: "normal",
      content: "'2026-2학기' 학기가 삭제되었습니다",
    });
  });

  test("an unknown intent is refused with 400", async () => {
    expect(await post({ intent: "drop-everything" })).toMatchObject({ ok: false, status: 400 });
  });
});
