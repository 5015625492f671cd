import type { Db } from "#server/db/database.ts";
import { uploadLimits } from "#server/domain/files/uploads.ts";
import { type ContentType, command } from "#server/domain/write/content-type.ts";
import { uploadedImage } from "#server/domain/write/form-files.ts";
import { formOrder, formTarget, formText, formValues } from "#server/domain/write/form-input.ts";
import { describeChange, describeReorder } from "#server/domain/write/messages.ts";
import {
  createGroup,
  createMember,
  deleteGroup,
  deleteMember,
  deleteMemberPhoto,
  findGroup,
  findMember,
  groupInputSchema,
  groupNoun,
  memberGroupSchema,
  memberInputSchema,
  memberNoun,
  PHOTO_MAX_SIDE,
  photoNoun,
  reorderGroups,
  reorderMembers,
  updateGroup,
  updateMember,
} from "./manage.ts";

const readGroup = (form: FormData) => groupInputSchema.parse(formValues(form, ["title", "description"]));
const readMember = (form: FormData) => memberInputSchema.parse(formValues(form, ["name", "role"]));
const readGroupId = (form: FormData) => memberGroupSchema.parse(formValues(form, ["groupId"])).groupId;
/** A member's profile photo, decoded and made small before the write begins (decision 0011). */
const readPhoto = (form: FormData) => uploadedImage(form, "photo", { maxSide: PHOTO_MAX_SIDE });

const memberName = async (db: Db, form: FormData) => (await findMember(db, formText(form, "id")))?.name ?? "";

/**
 * The organization chart: groups in order (created empty, named afterwards), each with its
 * members in order, a member with an optional profile photo. Group commands end in "-group",
 * member commands in "-member"; "delete-photo" takes a member's photo away.
 */
export const organizationContent: ContentType = {
  name: "organization",
  category: "organization",
  noun: "조직도",
  files: { maxFileBytes: uploadLimits.imageBytes, maxFiles: 1 },
  publicPages: ["/about/organization"],
  adminPage: {
    path: "/admin/manage-organization",
    title: "조직도",
    section: "content",
    counts: [
      { label: "그룹", table: "organization_groups" },
      { label: "구성원", table: "organization_members" },
    ],
  },
  commands: {
    "create-group": command({
      describe: () => describeChange("organization", groupNoun, "", "추가"),
      read: () => undefined,
      run: (trx) => createGroup(trx),
    }),
    "update-group": command({
      describe: (form) => describeChange("organization", groupNoun, formText(form, "title"), "수정"),
      read: (form) => ({ target: formTarget(form), fields: readGroup(form) }),
      run: (trx, _files, { target, fields }) => updateGroup(trx, target, fields),
    }),
    "delete-group": command({
      describe: async (form, db) =>
        describeChange("organization", groupNoun, (await findGroup(db, formText(form, "id")))?.title ?? "", "삭제"),
      read: formTarget,
      run: (trx, files, target) => deleteGroup(trx, files, target),
    }),
    "reorder-groups": command({
      describe: () => describeReorder("organization", "그룹"),
      read: formOrder,
      run: (trx, _files, order) => reorderGroups(trx, order),
    }),
    "create-member": command({
      describe: (form) => describeChange("organization", memberNoun, formText(form, "name"), "추가"),
      read: async (form) => ({
        groupId: readGroupId(form),
        fields: readMember(form),
        photo: await readPhoto(form),
      }),
      run: (trx, files, { groupId, fields, photo }) => createMember(trx, files, groupId, fields, photo),
    }),
    "update-member": command({
      describe: (form) => describeChange("organization", memberNoun, formText(form, "name"), "수정"),
      read: async (form) => ({
        target: formTarget(form),
        fields: readMember(form),
        photo: await readPhoto(form),
      }),
      run: (trx, files, { target, fields, photo }) => updateMember(trx, files, target, fields, photo),
    }),
    "delete-photo": command({
      describe: async (form, db) => describeChange("organization", photoNoun, await memberName(db, form), "삭제"),
      read: formTarget,
      run: (trx, files, target) => deleteMemberPhoto(trx, files, target),
    }),
    "delete-member": command({
      describe: async (form, db) => describeChange("organization", memberNoun, await memberName(db, form), "삭제"),
      read: formTarget,
      run: (trx, files, target) => deleteMember(trx, files, target),
    }),
    // "'교육부' 구성원 순서가 변경되었습니다"; a group without a name yet says "구성원".
    "reorder-members": command({
      describe: async (form, db) => {
        const group = await findGroup(db, formText(form, "groupId"));
        return describeReorder("organization", group?.title ? `'${group.title}' 구성원` : "구성원");
      },
      read: (form) => ({ groupId: readGroupId(form), order: formOrder(form) }),
      run: (trx, _files, { groupId, order }) => reorderMembers(trx, groupId, order),
    }),
  },
};
