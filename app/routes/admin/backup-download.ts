import { backupDownload } from "#server/backup/endpoints.ts";
import { getServices } from "#server/http/router-context.ts";
import { requireSignedIn } from "#server/http/session-guard.ts";
import type { Route } from "./+types/backup-download";

/** GET /admin/backup/download: the whole site as one archive, streamed as it is written. */
export async function loader(args: Route.LoaderArgs): Promise<Response> {
  const session = await requireSignedIn(args);
  return backupDownload(getServices(args.context), session.account.email, args.request.method);
}
