import { expect, test } from "vitest";
import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { runWrite } from "#server/domain/write/run-write.ts";
import { FieldError, VersionConflictError } from "#server/failures.ts";
import { describeEachDatabase } from "./support/databases.ts";

const stamp = () => new Date().toISOString();

describeEachDatabase("accounts' writes", (services) => {
  const describe = (title: string) => ({
    category: "calendar" as const,
    success: `'${title}' 일정이 추가되었습니다`,
    failure: `'${title}' 일정 추가에 실패했습니다`,
  });

  /** An event row, as the calendar's write would add it. */
  const addEvent = (trx: Db, id: string, title: string) =>
    trx
      .insertInto("calendar_events")
      .values({
        id,
        title,
        starts_at: stamp(),
        ends_at: stamp(),
        all_day: 0,
        location: "",
        description: "",
        created_at: stamp(),
        updated_at: stamp(),
      })
      .execute();

  async function entries() {
    return services()
      .db.selectFrom("audit_log")
      .select(["category", "type", "content", "error", "actor"])
      .orderBy("time")
      .execute();
  }

  test("a successful write and its normal audit entry land together", async () => {
    const s = services();
    const result = await runWrite(s, "manager@club.test", describe("종강 총회"), async (trx) => {
      await addEvent(trx, "e1", "종강 총회");
      return "e1";
    });
    expect(result).toMatchObject({
      ok: true,
      status: 200,
      data: "e1",
      message: "'종강 총회' 일정이 추가되었습니다",
    });
    expect(await entries()).toContainEqual({
      category: "calendar",
      type: "normal",
      content: "'종강 총회' 일정이 추가되었습니다",
      error: null,
      actor: "manager@club.test",
    });
  });

  test("a failed write leaves nothing but a failure entry with the error", async () => {
    const s = services();
    const result = await runWrite(s, "manager@club.test", describe("게임잼"), async (trx) => {
      await addEvent(trx, "e2", "게임잼");
      throw new VersionConflictError(3);
    });
    expect(result).toMatchObject({ ok: false, status: 409, conflict: true });
    const rows = await s.db.selectFrom("calendar_events").select("id").where("id", "=", "e2").execute();
    expect(rows).toEqual([]);
    const failure = (await entries()).find((entry) => entry.content === "'게임잼' 일정 추가에 실패했습니다");
    expect(failure).toMatchObject({
      type: "failure",
      error: "다른 관리자가 먼저 저장했습니다",
    });
  });

  test("validation problems answer 400 with messages per field", async () => {
    const s = services();
    const schema = z.object({ title: z.string().min(1, "제목을 입력해 주세요.") });
    const invalid = await runWrite(s, "m@club.test", describe(""), async () => {
      schema.parse({ title: "" });
    });
    expect(invalid).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { title: "제목을 입력해 주세요." },
    });
    const custom = await runWrite(s, "m@club.test", describe("x"), async () => {
      throw new FieldError("title", "Title must not be empty!");
    });
    expect(custom).toMatchObject({
      status: 400,
      message: "Title must not be empty!",
      fieldErrors: { title: "Title must not be empty!" },
    });
  });

  test("an unexpected error answers 500 without its details", async () => {
    const s = services();
    const result = await runWrite(s, "m@club.test", describe("y"), async () => {
      throw new Error("disk on fire at /var/lib/secret");
    });
    expect(result.status).toBe(500);
    expect(result.message).not.toContain("secret");
  });
});
