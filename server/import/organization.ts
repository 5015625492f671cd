import {
  createGroup,
  createMember,
  groupInputSchema,
  memberInputSchema,
  PHOTO_MAX_SIDE,
  updateGroup,
} from "#server/domain/organization/manage.ts";
import { SkipError } from "./export-files.ts";
import { documentOf } from "./firestore.ts";
import { type ImportItem, type ItemReader, listItems } from "./items.ts";
import { firstText, pictureAddress } from "./source-values.ts";

/**
 * about/organization: {groups: [{id, title, description, members: [{name, imgUrl, role?}]}]},
 * in order. Each group and each member is an item; a member joins its group's record, and
 * comes in without the photo the export lacks.
 */
export const organizationItems: ItemReader = (source) => {
  const document = documentOf(source, "about", "organization");
  if (!document) return [];
  return listItems(
    document.data.groups,
    { document: document.path, field: "groups", kind: "group" },
    (group, groupKey): ImportItem[] => {
      const groupSource = `${document.path}/groups/${groupKey}`;
      const title = firstText(group, "title", "name");
      const groupItem: ImportItem = {
        source: groupSource,
        document: document.path,
        kind: "group",
        label: title || groupKey,
        write: async ({ trx }) => {
          const fields = groupInputSchema.parse({ title, description: firstText(group, "description", "text") });
          // Made as the admin makes one (empty, at the end), then given its fields.
          const id = await createGroup(trx);
          await updateGroup(trx, { id, version: 1 }, fields);
          return id;
        },
      };
      const members = listItems(
        group.members,
        { document: document.path, field: `groups/${groupKey}/members`, kind: "member" },
        (member, memberKey): ImportItem => ({
          source: `${groupSource}/members/${memberKey}`,
          document: document.path,
          kind: "member",
          label: `${title} ${firstText(member, "name")}`.trim(),
          write: async ({ trx, files, exportFiles, importedId, optional }) => {
            const fields = memberInputSchema.parse({
              name: firstText(member, "name"),
              role: firstText(member, "role", "position"),
            });
            const groupId = await importedId(groupSource);
            if (!groupId) throw new SkipError(`its group '${title}' was not imported.`);
            const address = pictureAddress(member);
            const photo = address ? await optional(exportFiles.image(address, { maxSide: PHOTO_MAX_SIDE })) : undefined;
            return createMember(trx, files, groupId, fields, photo);
          },
        }),
      );
      return [groupItem, ...members];
    },
  );
};
