import { autosaveSchema, deleteAutosave, saveAutosave } from "#server/domain/articles/autosave.ts";
import { formText, formValues } from "#server/domain/write/form-input.ts";
import { failureAnswer } from "#server/failures.ts";
import { readForm } from "#server/http/request-body.ts";
import { getServices } from "#server/http/router-context.ts";
import { requireSignedIn } from "#server/http/session-guard.ts";
import { answer } from "#server/http/write-endpoint.ts";
import type { Route } from "./+types/autosave";

/**
 * POST /admin/api/autosave: the article editor's copy of what is being written (`intent=save`,
 * every few seconds of inactivity) or its removal (`intent=discard`). A copy is the manager's
 * own scratch text, not content: no audit entry, no revision, the public pages untouched. It
 * has no loader, so any other method is answered 405 with Allow by the route table.
 */
export async function action(args: Route.ActionArgs): Promise<Response> {
  const session = await requireSignedIn(args);
  const { db } = getServices(args.context);
  try {
    const form = await readForm(args.request, { maxFileBytes: 0, maxFiles: 0 });
    const fields = autosaveSchema.parse(formValues(form, ["key", "title", "tag", "status", "publishedAt", "contents"]));
    if (formText(form, "intent") === "discard") {
      await deleteAutosave(db, session.account.id, fields.key);
      return answer({ ok: true, status: 200, message: "자동 저장된 글을 버렸습니다." });
    }
    const savedAt = await saveAutosave(db, session.account.id, fields);
    return answer({ ok: true, status: 200, message: "자동 저장했습니다.", data: { savedAt } });
  } catch (error) {
    const refused = failureAnswer(error);
    if (refused.status >= 500) getServices(args.context).logger.error({ err: error }, "autosave failed");
    return answer(refused);
  }
}
