import type { RouterContextProvider } from "react-router";
import { uploadLimits } from "#server/domain/files/uploads.ts";
import { type ContentType, runCommand } from "#server/domain/write/content-type.ts";
import { describeUnreadable } from "#server/domain/write/messages.ts";
import { failWrite } from "#server/domain/write/run-write.ts";
import { getServices } from "#server/http/router-context.ts";
import type { WriteResult } from "#shared/write-result.ts";
import { cacheHeader } from "./cache-policy.ts";
import { readForm } from "./request-body.ts";
import { requireSignedIn } from "./session-guard.ts";

/**
 * POST /admin/api/{type}: the one endpoint every admin form posts to. It checks the session,
 * reads the body once within the type's limits, runs the command the form names and answers
 * JSON in the one shape the admin form kit reads (`WriteResult`).
 */
export function adminWriteEndpoint(types: readonly ContentType[]) {
  const byName = new Map(types.map((type) => [type.name, type]));

  return async function action(args: {
    request: Request;
    context: Readonly<RouterContextProvider>;
    url: URL;
    params: { type?: string | undefined };
  }): Promise<Response> {
    const session = await requireSignedIn(args);
    const type = byName.get(args.params.type ?? "");
    if (!type) {
      return answer({ ok: false, status: 404, message: "없는 관리 항목입니다." });
    }
    const services = getServices(args.context);
    const actor = session.account.email;
    let form: FormData;
    try {
      form = await readForm(args.request, {
        ...type.files,
        maxFiles: Math.min(type.files.maxFiles, uploadLimits.files),
      });
    } catch (error) {
      return answer(await failWrite(services, actor, describeUnreadable(type.category, type.noun), error));
    }
    return answer(await runCommand(services, { actor, accountId: session.account.id }, type, form));
  };
}

/** A write's answer as JSON in the admin form kit's shape, never stored by a cache. */
export function answer(result: WriteResult<unknown>): Response {
  return Response.json(result, { status: result.status, headers: cacheHeader("none") });
}
