import { restoreUpload } from "#server/backup/endpoints.ts";
import { getServices } from "#server/http/router-context.ts";
import { requireSignedIn } from "#server/http/session-guard.ts";
import { answer } from "#server/http/write-endpoint.ts";
import type { Route } from "./+types/backup-restore";

/**
 * POST /admin/backup/restore: the archive as the request body (not a form, so it streams to disk
 * however large it is), answered in the write kit's shape. It has no loader, so any other method
 * is answered 405 with Allow by the route table.
 */
export async function action(args: Route.ActionArgs): Promise<Response> {
  const session = await requireSignedIn(args);
  return answer(await restoreUpload(getServices(args.context), session.account.email, args.request));
}
