import { runUploadWrite } from "../../../../server/domain/admin/run-write.ts";
import {
  admissionsUploadLimits,
  admissionsWrite,
  writeAdmissions,
} from "../../../../server/domain/admissions/manage.ts";
import { requireAdministrator } from "../../../../server/http/admin-auth.ts";
import { jsonResponse } from "../../../../server/http/write-response.ts";
import { getServices } from "../../../context.ts";
import type { Route } from "./+types/admissions";

/** POST /admin/api/admissions: the admissions page's form with its image (multipart, JSON answer). */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdministrator(args);
  const result = await runUploadWrite(
    getServices(args.context),
    session.administrator.email,
    admissionsWrite,
    args.request,
    admissionsUploadLimits,
    writeAdmissions,
  );
  return jsonResponse(result);
}
