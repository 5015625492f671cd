import { z } from "zod";
import type { WriteResult } from "#shared/write-result.ts";
import { isDatabaseUnavailableError } from "./db/availability.ts";
import type { Db } from "./db/database.ts";

/**
 * The failure taxonomy: every way a write can fail, and the one function (`explainFailure`) that
 * turns any error into its status, the Korean message the manager or visitor sees, the text the
 * audit log keeps and the field errors. The HTTP answer (`failureAnswer`) and the audit log both
 * read it, so the two never disagree.
 *
 * - input: a body or value the server will not take (400, 413, 415);
 * - field: what is wrong with one field, or with fields checked by a zod schema (400);
 * - conflict: the state forbids it, or someone changed the record or list first (409);
 * - not found: the record, link or step is not there (any more) (404, 410);
 * - forbidden: who asks may not, or proved nothing (401, 403), or tried too often (429);
 * - unavailable: the database cannot be reached right now (503);
 * - anything else is a fault of the server (500), told to the manager without its details.
 *
 * It lives at the top of server/ because both sides throw these: the database layer (a version
 * conflict, a missing row) and the domain (fields, links, sign-ins); server/db must not import
 * server/domain (decision 0044).
 */
export type FailureKind = "input" | "field" | "conflict" | "not-found" | "forbidden" | "unavailable" | "fault";

export interface RefusalOptions {
  /** What the audit log keeps, when it says other than the message the manager sees. */
  auditText?: string | undefined;
  /**
   * What the refusal leaves behind besides its failure entry, written in that entry's
   * transaction: a wrong password is counted by the sign-in limiter.
   */
  record?: ((trx: Db) => Promise<void>) | undefined;
  /** The field the message belongs next to, for a refusal of another kind than a field's. */
  field?: string | undefined;
}

/** A refusal of any kind but a fault: the base of every error below. */
export abstract class WriteRefusal extends Error {
  readonly status: number;
  readonly auditText: string | undefined;
  readonly record: ((trx: Db) => Promise<void>) | undefined;
  readonly field: string | undefined;
  constructor(status: number, message: string, options: RefusalOptions = {}) {
    super(message);
    this.status = status;
    this.auditText = options.auditText;
    this.record = options.record;
    this.field = options.field;
  }
}

/** What a client sent and the server will not take: a malformed, oversized or mistyped body. */
export class InputError extends WriteRefusal {
  override name = "InputError";
  declare readonly status: 400 | 413 | 415;
  constructor(status: 400 | 413 | 415, message: string, options?: RefusalOptions) {
    super(status, message, options);
  }
}

/** A malformed body or a file of the wrong kind: 400. */
export class BadRequestError extends InputError {
  override name = "BadRequestError";
  constructor(message: string, options?: RefusalOptions) {
    super(400, message, options);
  }
}

/** More than the server reads: 413. */
export class PayloadTooLargeError extends InputError {
  override name = "PayloadTooLargeError";
  constructor(message: string) {
    super(413, message);
  }
}

/** A body of a type the endpoint does not take (JSON where a form is expected): 415. */
export class UnsupportedMediaTypeError extends InputError {
  override name = "UnsupportedMediaTypeError";
  constructor(message: string) {
    super(415, message);
  }
}

/** What is wrong with one field, found beyond its zod schema: shown next to that field. */
export class FieldError extends InputError {
  override name = "FieldError";
  declare readonly field: string;
  constructor(field: string, message: string, options?: Omit<RefusalOptions, "field">) {
    super(400, message, { ...options, field });
  }
}

export const conflictMessage =
  "다른 관리자가 먼저 이 내용을 저장했습니다. 입력하신 내용은 그대로 두었습니다. 최신 내용을 보려면 새로 고침하세요.";

/**
 * A change the state forbids (the last account, an app already on), or, when `stale`, one made
 * on a copy someone else changed first: the page then offers to load the newest.
 */
export class ConflictError extends WriteRefusal {
  override name = "ConflictError";
  readonly stale: boolean;
  constructor(message: string, options: RefusalOptions & { stale?: boolean } = {}) {
    super(409, message, options);
    this.stale = options.stale ?? false;
  }
}

/** The record was saved by someone else since the form was loaded. */
export class VersionConflictError extends ConflictError {
  override name = "VersionConflictError";
  readonly currentVersion: number;
  constructor(currentVersion: number) {
    super(conflictMessage, { stale: true, auditText: "다른 관리자가 먼저 저장했습니다" });
    this.currentVersion = currentVersion;
  }
}

/** A list reordered as it was loaded, but items were added, removed or moved since. */
export class ListChangedError extends ConflictError {
  override name = "ListChangedError";
  constructor() {
    super(
      "목록을 불러온 뒤에 다른 관리자가 항목을 더하거나 빼거나 옮겼습니다. 바꾼 순서는 저장하지 않았습니다. 최신 목록을 불러와 다시 옮겨 주세요.",
      { stale: true, auditText: "불러온 뒤에 목록이 바뀌었습니다" },
    );
  }
}

/** What the request names is not there (404), or no longer works (410). */
export class NotFoundError extends WriteRefusal {
  override name = "NotFoundError";
  declare readonly status: 404 | 410;
  readonly stale: boolean;
  constructor(message: string, options: RefusalOptions & { status?: 404 | 410; stale?: boolean } = {}) {
    super(options.status ?? 404, message, options);
    this.stale = options.stale ?? false;
  }
}

/** A record deleted meanwhile (or never there): the page offers to load the list again. */
export class RecordNotFoundError extends NotFoundError {
  override name = "RecordNotFoundError";
  constructor() {
    super("이미 삭제되었거나 없는 항목입니다. 새로 고침해서 목록을 다시 확인해 주세요.", {
      stale: true,
      auditText: "이미 삭제되었거나 없는 항목입니다",
    });
  }
}

/** Who asks may not (403), or has not shown who they are (401): no session, a wrong password. */
export class ForbiddenError extends WriteRefusal {
  override name = "ForbiddenError";
  declare readonly status: 401 | 403;
  constructor(status: 401 | 403, message: string, options?: RefusalOptions) {
    super(status, message, options);
  }
}

/** What a request without a session is told (the admin area's guard answers it 401 too). */
export const UNAUTHORIZED_MESSAGE = "로그인이 필요합니다. 다시 로그인해 주세요.";

/** What an editor is told for an owner's page, command or download (403). */
export const OWNER_ONLY_MESSAGE =
  "사이트 소유자만 할 수 있는 일입니다. 필요하면 사이트 소유자에게 부탁하거나 소유자 권한을 받아 주세요.";

/** Too many failed attempts: refused until `retryAt` (429, with Retry-After). */
export class TooManyAttemptsError extends WriteRefusal {
  override name = "TooManyAttemptsError";
  readonly retryAt: Date;
  constructor(retryAt: Date, message: string, options?: RefusalOptions) {
    super(429, message, options);
    this.retryAt = retryAt;
  }
}

const UNAVAILABLE_MESSAGE =
  "데이터베이스에 잠시 연결할 수 없어 처리하지 못했습니다. 입력한 내용은 그대로 있으니 잠시 후 다시 시도해 주세요.";

/** The database cannot be reached right now (see db/availability.ts): 503. */
export class UnavailableError extends WriteRefusal {
  override name = "UnavailableError";
  constructor() {
    super(503, UNAVAILABLE_MESSAGE, { auditText: "데이터베이스에 연결할 수 없습니다" });
  }
}

const FAULT_MESSAGE = "서버 오류로 처리하지 못했습니다. 입력한 내용은 그대로 있으니 잠시 후 다시 시도해 주세요.";
const CHECK_FIELDS = "입력한 내용을 확인해 주세요.";

/** An error as the taxonomy reads it. */
export interface Failure {
  kind: FailureKind;
  status: number;
  /** What the manager (or the visitor signing in) is told, in Korean. */
  message: string;
  /** What the audit log keeps: the refusal in Korean, or a fault's own words. */
  auditText: string;
  /** Field name (dotted for nested fields) → its message. */
  fieldErrors?: Record<string, string>;
  /** The page's copy is out of date: it offers to load the newest. */
  stale?: boolean;
  /** When a refused attempt may be made again. */
  retryAt?: Date;
  /** What the refusal leaves behind besides its entry (see RefusalOptions). */
  record?: (trx: Db) => Promise<void>;
}

/** The one reading of a write's error: its kind, status, messages and field errors. */
export function explainFailure(error: unknown): Failure {
  if (error instanceof z.ZodError) {
    const problems = error.issues.map((issue) => {
      const field = issue.path.map(String).join(".");
      return field ? `${field}: ${issue.message}` : issue.message;
    });
    return {
      kind: "field",
      status: 400,
      message: CHECK_FIELDS,
      auditText: `입력 확인 필요 — ${[...new Set(problems)].join(" / ")}`,
      fieldErrors: fieldErrorsOf(error),
    };
  }
  if (error instanceof WriteRefusal) {
    const failure: Failure = {
      kind: kindOf(error),
      status: error.status,
      message: error.message,
      auditText: error.auditText ?? error.message,
    };
    if (error.field) failure.fieldErrors = { [error.field]: error.message };
    if ((error instanceof ConflictError || error instanceof NotFoundError) && error.stale) failure.stale = true;
    if (error instanceof TooManyAttemptsError) failure.retryAt = error.retryAt;
    if (error.record) failure.record = error.record;
    return failure;
  }
  if (isDatabaseUnavailableError(error)) {
    return {
      ...explainFailure(new UnavailableError()),
      auditText: `데이터베이스에 연결할 수 없습니다 — ${errorText(error)}`,
    };
  }
  return { kind: "fault", status: 500, message: FAULT_MESSAGE, auditText: `서버 오류 — ${errorText(error)}` };
}

function kindOf(error: WriteRefusal): FailureKind {
  if (error instanceof FieldError) return "field";
  if (error instanceof InputError) return "input";
  if (error instanceof ConflictError) return "conflict";
  if (error instanceof NotFoundError) return "not-found";
  if (error instanceof UnavailableError) return "unavailable";
  return "forbidden";
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** A failure as the one answer shape the admin pages read (`WriteResult`). */
export function failureAnswer(error: unknown): WriteResult<never> {
  const failure = explainFailure(error);
  const answer: WriteResult<never> = { ok: false, status: failure.status, message: failure.message };
  if (failure.fieldErrors) answer.fieldErrors = failure.fieldErrors;
  if (failure.stale) answer.conflict = true;
  if (failure.retryAt) answer.retryAt = failure.retryAt.toISOString();
  return answer;
}

/** zod issues keyed by field (nested paths joined with dots: "leaders.0.phoneNumber"). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
