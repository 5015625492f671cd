import { contentTypes } from "#server/domain/content-types.ts";
import { adminWriteEndpoint } from "#server/http/write-endpoint.ts";

/**
 * POST /admin/api/{type}: every admin write (see server/http/write-endpoint.ts). It has no
 * loader, so any other method is answered 405 with Allow by the route table.
 */
export const action = adminWriteEndpoint(contentTypes);
