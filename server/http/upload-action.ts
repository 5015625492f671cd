import type { RouterContextProvider } from "react-router";
import { getServices } from "../../app/context.ts";
import { runUploadWrite, type UploadWrite } from "../domain/admin/upload-write.ts";
import { requireAdministrator } from "./admin-auth.ts";
import { jsonResponse } from "./write-response.ts";

/**
 * The action of an upload endpoint that saves one whole document (rules, admission info, home):
 * the administrator's multipart form goes through `runUploadWrite` and is answered as JSON for
 * AdminForm. `export const action = documentUploadAction(rulesUpload);`
 */
export function documentUploadAction<Prepared, Result>(write: UploadWrite<Prepared, Result>) {
  return async (args: {
    request: Request;
    context: Readonly<RouterContextProvider>;
    url: URL;
  }): Promise<Response> => {
    const session = await requireAdministrator(args);
    const services = getServices(args.context);
    return jsonResponse(
      await runUploadWrite(services, session.administrator.email, args.request, write),
    );
  };
}
