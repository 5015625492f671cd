import { data, type RouterContextProvider } from "react-router";
import { uploadLimits } from "#server/domain/files/uploads.ts";
import { type ContentType, runCommand, runNamedCommand, type WriteAuthor } from "#server/domain/write/content-type.ts";
import { describeUnreadable } from "#server/domain/write/messages.ts";
import { failWrite } from "#server/domain/write/run-write.ts";
import { failureAnswer, UnavailableError } from "#server/failures.ts";
import { getServices } from "#server/http/router-context.ts";
import type { WriteResult } from "#shared/write-result.ts";
import { cacheHeader } from "./cache-policy.ts";
import { readForm } from "./request-body.ts";
import { requireSignedIn, writeAuthorOf } from "./session-guard.ts";

interface RequestArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  url: URL;
}

/**
 * POST /admin/api/{type}: the one endpoint every admin form posts to. It checks the session,
 * reads the body once within the type's limits, runs the command the form names and answers
 * JSON in the one shape the admin form kit reads (`WriteResult`). It serves the types whose
 * answers set no cookie; the account steps that do (signing in, a new password) are run by
 * their pages' actions through `writeFromRequest`, the same path.
 */
export function adminWriteEndpoint(types: readonly ContentType[]) {
  const byName = new Map(types.map((type) => [type.name, type]));

  return async function action(args: RequestArgs & { params: { type?: string | undefined } }): Promise<Response> {
    await requireSignedIn(args);
    const type = byName.get(args.params.type ?? "");
    if (!type) {
      return answer({ ok: false, status: 404, message: "없는 관리 항목입니다." });
    }
    const { result } = await writeFromRequest(args, type, await writeAuthorOf(args));
    return answer(result);
  };
}

/**
 * A request's write: its body read once within the type's limits, then the command it names
 * (or `intent`, for a page whose address says which command it runs) run as `by`. `fromAddress`
 * adds what the address carries to the form (a one-time link's token). The form comes back for
 * what a page does after the write (where to go next).
 */
export async function writeFromRequest(
  args: RequestArgs,
  type: ContentType,
  by: WriteAuthor,
  options: { intent?: string; fromAddress?: Record<string, string> } = {},
): Promise<{ result: WriteResult<unknown>; form?: FormData }> {
  const services = getServices(args.context);
  const read = await readWriteForm(args, type, by);
  if (!("form" in read)) return read;
  const { form } = read;
  for (const [name, value] of Object.entries(options.fromAddress ?? {})) form.set(name, value);
  const result =
    options.intent === undefined
      ? await runCommand(services, by, type, form)
      : await runNamedCommand(services, by, type, options.intent, form);
  return { result, form };
}

/**
 * A write's form, read once within the type's limits; a body that cannot be read is refused
 * (400, 413, 415) and logged as the type's failure.
 */
export async function readWriteForm(
  args: RequestArgs,
  type: ContentType,
  by: WriteAuthor,
): Promise<{ form: FormData } | { result: WriteResult<never> }> {
  try {
    const limits = { ...type.files, maxFiles: Math.min(type.files.maxFiles, uploadLimits.files) };
    return { form: await readForm(args.request, limits) };
  } catch (error) {
    const services = getServices(args.context);
    return { result: await failWrite(services, by.actor, describeUnreadable(type.category, type.noun), error) };
  }
}

/** Seconds a client waits before trying again while the database is unreachable. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * The headers of a write's answer: never stored by a cache, and when to try again for a refusal
 * that lifts (too many attempts) or a database that is away.
 */
export function answerHeaders(result: WriteResult<unknown>): Headers {
  const headers = new Headers(cacheHeader("none"));
  if (result.retryAt) {
    const seconds = Math.ceil((Date.parse(result.retryAt) - Date.now()) / 1000);
    headers.set("Retry-After", String(Math.max(1, seconds)));
  } else if (result.status === 503) {
    headers.set("Retry-After", String(UNAVAILABLE_RETRY_SECONDS));
  }
  return headers;
}

/**
 * What a request is answered while the database is unreachable (db/availability.ts), before
 * anything waits for it: a write sent by the admin pages (they ask for JSON) or to the write
 * endpoint gets the one write answer, 503 in Korean; anything else the site's 503 page.
 */
export function unavailableAnswer(request: Request): Response | ReturnType<typeof data> {
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  const toEndpoint = /^\/admin\/api\//.test(new URL(request.url).pathname);
  if (request.method === "POST" && (wantsJson || toEndpoint)) return answer(failureAnswer(new UnavailableError()));
  return data("데이터베이스에 연결할 수 없습니다", { status: 503 });
}

/** A write's answer as JSON in the admin form kit's shape. */
export function answer(result: WriteResult<unknown>, cookies: readonly string[] = []): Response {
  const headers = answerHeaders(result);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return Response.json(result, { status: result.status, headers });
}
