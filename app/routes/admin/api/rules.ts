import {
  rulesUploadLimits,
  rulesWrite,
  writeRules,
} from "../../../../server/domain/rules/manage.ts";
import { uploadAction } from "../../../../server/http/upload-action.ts";

/** POST /admin/api/rules: the rules page's form with its new PDFs (multipart, JSON answer). */
export const action = uploadAction(rulesWrite, rulesUploadLimits, writeRules);
