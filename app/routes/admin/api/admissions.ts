import { admissionsUpload } from "../../../../server/domain/admissions/manage.ts";
import { uploadEndpointLoader } from "../../../../server/http/item-actions.ts";
import { documentUploadAction } from "../../../../server/http/upload-action.ts";

export const loader = uploadEndpointLoader;

/** POST /admin/api/admissions: the admissions page's form with its image (multipart, JSON answer). */
export const action = documentUploadAction(admissionsUpload);
