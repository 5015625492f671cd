import { describeChange } from "../../../../server/domain/admin/messages.ts";
import { filesOf, uploadLimits } from "../../../../server/domain/files/uploads.ts";
import {
  createMember,
  deleteMember,
  deleteMemberPhoto,
  findMember,
  memberNoun,
  photoNoun,
  updateMember,
} from "../../../../server/domain/organization/manage.ts";
import { adminWriter, unknownIntent } from "../../../../server/http/admin-write.ts";
import {
  readAdminForm,
  recordIdSchema,
  textValues,
  versionSchema,
} from "../../../../server/http/form-fields.ts";
import { jsonResponse } from "../../../../server/http/write-response.ts";
import { removal } from "../../../lib/admin/removal.ts";
import type { Route } from "./+types/organization";

/**
 * POST /admin/api/organization: the organization chart's members, whose forms may carry a
 * profile photo (multipart, sent with upload progress). Answers JSON for AdminForm.
 * Intents: create-member, update-member, delete-photo, delete-member.
 */
export async function action(args: Route.ActionArgs) {
  const { services, write } = await adminWriter(args, jsonResponse);
  const read = await readAdminForm(args.request, {
    maxFileBytes: uploadLimits.imageBytes,
    maxFiles: 1,
  });
  if ("refused" in read) return jsonResponse(read.refused);
  const { form } = read;
  const values = textValues(form);
  const [photo] = filesOf(form, "photo");
  const current = values.id ? await findMember(services.db, values.id) : undefined;

  switch (values.intent) {
    case "create-member":
      return write(
        describeChange("organization", memberNoun, values.name ?? "", "추가"),
        async (trx, files) => ({
          id: await createMember(trx, files, recordIdSchema.parse(values.groupId), values, photo),
        }),
      );
    case "update-member":
      return write(
        describeChange("organization", memberNoun, values.name ?? "", "수정"),
        (trx, files) =>
          updateMember(
            trx,
            files,
            recordIdSchema.parse(values.id),
            versionSchema.parse(values.version),
            values,
            photo,
          ),
      );
    case "delete-photo":
      return write(
        describeChange("organization", photoNoun, current?.name ?? "", "삭제"),
        (trx, files) =>
          deleteMemberPhoto(
            trx,
            files,
            recordIdSchema.parse(values.id),
            versionSchema.parse(values.version),
          ),
      );
    case "delete-member":
      return write(
        describeChange("organization", memberNoun, current?.name ?? "", "삭제"),
        async (trx, files) => {
          await deleteMember(
            trx,
            files,
            recordIdSchema.parse(values.id),
            versionSchema.parse(values.version),
          );
          return removal;
        },
      );
    default:
      return jsonResponse(unknownIntent);
  }
}

/** Only forms post here. */
export function loader() {
  return new Response("Method Not Allowed", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
