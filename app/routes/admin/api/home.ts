import { runUploadWrite } from "../../../../server/domain/admin/run-write.ts";
import { homeUploadLimits, homeWrite, writeHome } from "../../../../server/domain/home/manage.ts";
import { requireAdministrator } from "../../../../server/http/admin-auth.ts";
import { jsonResponse } from "../../../../server/http/write-response.ts";
import { getServices } from "../../../context.ts";
import type { Route } from "./+types/home";

/** POST /admin/api/home: the home page's texts and replaced pictures (multipart, JSON answer). */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdministrator(args);
  const result = await runUploadWrite(
    getServices(args.context),
    session.administrator.email,
    homeWrite,
    args.request,
    homeUploadLimits,
    writeHome,
  );
  return jsonResponse(result);
}
