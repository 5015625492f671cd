import { rulesUpload } from "../../../../server/domain/rules/manage.ts";
import { uploadEndpointLoader } from "../../../../server/http/item-actions.ts";
import { documentUploadAction } from "../../../../server/http/upload-action.ts";

export const loader = uploadEndpointLoader;

/** POST /admin/api/rules: the rules page's form with its new PDFs (multipart, JSON answer). */
export const action = documentUploadAction(rulesUpload);
