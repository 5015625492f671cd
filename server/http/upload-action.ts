import type { RouterContextProvider } from "react-router";
import { getServices } from "../../app/context.ts";
import type { Db } from "../db/database.ts";
import { runUploadWrite, type WriteDescription } from "../domain/admin/run-write.ts";
import type { FileChanges } from "../domain/files/files.ts";
import type { readUploadForm } from "../domain/files/uploads.ts";
import { requireAdministrator } from "./admin-auth.ts";
import { jsonResponse } from "./write-response.ts";

/**
 * The action of an upload endpoint under /admin/api: the administrator's multipart form is read
 * with `limits`, written by `work` through `runUploadWrite`, and answered as JSON for AdminForm.
 * `export const action = uploadAction(rulesWrite, rulesUploadLimits, writeRules);`
 */
export function uploadAction<T>(
  description: WriteDescription<T>,
  limits: Parameters<typeof readUploadForm>[1],
  work: (trx: Db, files: FileChanges, form: FormData) => Promise<T>,
) {
  return async (args: {
    request: Request;
    context: Readonly<RouterContextProvider>;
    url: URL;
  }): Promise<Response> => {
    const session = await requireAdministrator(args);
    const result = await runUploadWrite(
      getServices(args.context),
      session.administrator.email,
      description,
      args.request,
      limits,
      work,
    );
    return jsonResponse(result);
  };
}
