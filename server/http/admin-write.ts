import type { RouterContextProvider } from "react-router";
import { getServices } from "../../app/context.ts";
import type { WriteResult } from "../../shared/write-result.ts";
import type { Db } from "../db/database.ts";
import { runWrite, type WriteDescription } from "../domain/admin/run-write.ts";
import type { FileChanges } from "../domain/files/files.ts";
import { requireAdministrator } from "./admin-auth.ts";

/**
 * For a route action or upload endpoint that writes: the signed-in administrator's services and
 * a `write` that runs one change through `runWrite` as them and answers with `respond`
 * (`actionResponse` from a page's action, `jsonResponse` from an upload endpoint).
 */
export async function adminWriter<Answer>(
  args: { request: Request; context: Readonly<RouterContextProvider>; url: URL },
  respond: (result: WriteResult<unknown>) => Answer,
) {
  const session = await requireAdministrator(args);
  const services = getServices(args.context);
  return {
    services,
    write: async <T>(
      description: WriteDescription,
      work: (trx: Db, files: FileChanges) => Promise<T>,
    ): Promise<Answer> =>
      respond(await runWrite(services, session.administrator.email, description, work)),
  };
}

/** The answer to a form whose `intent` names no action of the page. */
export const unknownIntent: WriteResult<never> = {
  ok: false,
  status: 400,
  message: "알 수 없는 요청입니다.",
};
