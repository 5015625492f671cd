import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  BadRequestError,
  ConflictError,
  explainFailure,
  FieldError,
  ForbiddenError,
  failureAnswer,
  ListChangedError,
  NotFoundError,
  PayloadTooLargeError,
  RecordNotFoundError,
  TooManyAttemptsError,
  UnavailableError,
  VersionConflictError,
} from "#server/failures.ts";

describe("the failure taxonomy", () => {
  test("each kind has its status, and the manager's message and the log's text", () => {
    const cases: [unknown, string, number][] = [
      [new BadRequestError("보낸 양식을 읽을 수 없습니다."), "input", 400],
      [new PayloadTooLargeError("너무 큽니다."), "input", 413],
      [new FieldError("title", "제목을 입력해 주세요."), "field", 400],
      [new ConflictError("마지막 계정입니다."), "conflict", 409],
      [new VersionConflictError(3), "conflict", 409],
      [new ListChangedError(), "conflict", 409],
      [new RecordNotFoundError(), "not-found", 404],
      [new NotFoundError("기한이 지난 링크입니다.", { status: 410 }), "not-found", 410],
      [new ForbiddenError(401, "로그인이 필요합니다."), "forbidden", 401],
      [new TooManyAttemptsError(new Date(), "너무 많이 실패했습니다."), "forbidden", 429],
      [new UnavailableError(), "unavailable", 503],
      [new Error("disk on fire"), "fault", 500],
    ];
    for (const [error, kind, status] of cases) {
      expect(explainFailure(error), String(error)).toMatchObject({ kind, status });
    }
  });

  test("a refusal says the same to the manager and the log unless it carries its own log text", () => {
    expect(explainFailure(new FieldError("email", "이미 있는 이메일입니다."))).toMatchObject({
      message: "이미 있는 이메일입니다.",
      auditText: "이미 있는 이메일입니다.",
      fieldErrors: { email: "이미 있는 이메일입니다." },
    });
    const version = explainFailure(new VersionConflictError(7));
    expect(version.auditText).toBe("다른 관리자가 먼저 저장했습니다");
    expect(version.message).toContain("다른 관리자가 먼저 이 내용을 저장했습니다");
    expect(version.stale).toBe(true);
  });

  test("a list's conflict says the list changed, and names no version", () => {
    const failure = explainFailure(new ListChangedError());
    expect(failure.auditText).toBe("불러온 뒤에 목록이 바뀌었습니다");
    expect(failure.message).toContain("목록을 불러온 뒤에");
    expect(failure.message).not.toMatch(/\d/);
  });

  test("zod issues become field errors and one line of the log", () => {
    const schema = z.object({ title: z.string().min(1, "제목을 입력해 주세요."), rows: z.array(z.number()) });
    const parsed = schema.safeParse({ title: "", rows: ["x"] });
    if (parsed.success) throw new Error("expected a refusal");
    const failure = explainFailure(parsed.error);
    expect(failure).toMatchObject({ kind: "field", status: 400, message: "입력한 내용을 확인해 주세요." });
    expect(failure.fieldErrors).toMatchObject({ title: "제목을 입력해 주세요." });
    expect(failure.fieldErrors?.["rows.0"]).toBeDefined();
    expect(failure.auditText).toMatch(/^입력 확인 필요 — title: 제목을 입력해 주세요\./);
  });

  test("a database that cannot be reached is unavailable, in Korean; a fault hides its details", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(failureAnswer(refused)).toEqual({
      ok: false,
      status: 503,
      message: expect.stringContaining("데이터베이스에 잠시 연결할 수 없어"),
    });
    expect(explainFailure(refused).auditText).toContain("ECONNREFUSED");
    const fault = failureAnswer(new Error("disk on fire at /var/lib/secret"));
    expect(fault.status).toBe(500);
    expect(fault.message).not.toContain("secret");
  });

  test("the answer carries field errors, the offer to reload and when to try again", () => {
    const retryAt = new Date("2031-01-01T00:15:00.000Z");
    expect(failureAnswer(new TooManyAttemptsError(retryAt, "잠시 뒤에"))).toEqual({
      ok: false,
      status: 429,
      message: "잠시 뒤에",
      retryAt: "2031-01-01T00:15:00.000Z",
    });
    expect(failureAnswer(new RecordNotFoundError())).toMatchObject({ status: 404, conflict: true });
    expect(failureAnswer(new ConflictError("마지막 계정입니다."))).not.toHaveProperty("conflict");
  });
});
