import { homeUpload } from "../../../../server/domain/home/manage.ts";
import { uploadEndpointLoader } from "../../../../server/http/item-actions.ts";
import { documentUploadAction } from "../../../../server/http/upload-action.ts";

export const loader = uploadEndpointLoader;

/** POST /admin/api/home: the home page's texts and replaced pictures (multipart, JSON answer). */
export const action = documentUploadAction(homeUpload);
