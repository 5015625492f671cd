import {
  admissionsUploadLimits,
  admissionsWrite,
  writeAdmissions,
} from "../../../../server/domain/admissions/manage.ts";
import { uploadAction } from "../../../../server/http/upload-action.ts";

/** POST /admin/api/admissions: the admissions page's form with its image (multipart, JSON answer). */
export const action = uploadAction(admissionsWrite, admissionsUploadLimits, writeAdmissions);
