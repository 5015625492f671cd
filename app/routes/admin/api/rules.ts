import { runUploadWrite } from "../../../../server/domain/admin/run-write.ts";
import {
  rulesUploadLimits,
  rulesWrite,
  writeRules,
} from "../../../../server/domain/rules/manage.ts";
import { requireAdministrator } from "../../../../server/http/admin-auth.ts";
import { jsonResponse } from "../../../../server/http/write-response.ts";
import { getServices } from "../../../context.ts";
import type { Route } from "./+types/rules";

/** POST /admin/api/rules: the rules page's form with its new PDFs (multipart, JSON answer). */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdministrator(args);
  const result = await runUploadWrite(
    getServices(args.context),
    session.administrator.email,
    rulesWrite,
    args.request,
    rulesUploadLimits,
    writeRules,
  );
  return jsonResponse(result);
}
