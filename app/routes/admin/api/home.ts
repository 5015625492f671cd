import { homeUploadLimits, homeWrite, writeHome } from "../../../../server/domain/home/manage.ts";
import { uploadAction } from "../../../../server/http/upload-action.ts";

/** POST /admin/api/home: the home page's texts and replaced pictures (multipart, JSON answer). */
export const action = uploadAction(homeWrite, homeUploadLimits, writeHome);
