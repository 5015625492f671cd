import { contentTypes } from "../../../../server/domain/content-types.ts";
import { adminWriteEndpoint } from "../../../../server/http/admin-endpoint.ts";

/** POST /admin/api/{type}: every admin write (see server/http/admin-endpoint.ts). */
const endpoint = adminWriteEndpoint(contentTypes);

export const loader = endpoint.loader;
export const action = endpoint.action;
