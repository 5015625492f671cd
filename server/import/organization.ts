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
import type { ImportItem, ItemReader } from "./items.ts";
import { entryKeys, field, records, text } from "./source-values.ts";

/**
 * about/organization: {groups: [{id, title, description, members: [{name, imgUrl, role?}]}]},
 * in order. Each group and each member is an item; a member joins its group's record.
 */
export const organizationItems: ItemReader = (source) => {
  const document = documentOf(source, "about", "organization");
  if (!document) return [];
  const groups = records(document.data.groups);
  return entryKeys(groups).flatMap((groupKey, index): ImportItem[] => {
    const group = groups[index] ?? {};
    const groupSource = `${document.path}/groups/${groupKey}`;
    const title = text(group.title);
    const members = records(group.members);
    return [
      {
        source: groupSource,
        kind: "group",
        label: title || groupKey,
        write: async ({ trx }) => {
          const fields = groupInputSchema.parse({ title, description: text(group.description) });
          // Made as the admin makes one (empty, at the end), then given its fields.
          const id = await createGroup(trx);
          await updateGroup(trx, { id, version: 1 }, fields);
          return id;
        },
      },
      ...entryKeys(members).map((memberKey, at): ImportItem => {
        const member = members[at] ?? {};
        return {
          source: `${groupSource}/members/${memberKey}`,
          kind: "member",
          label: `${title} ${text(member.name)}`.trim(),
          write: async ({ trx, files, exportFiles, importedId }) => {
            const fields = memberInputSchema.parse({
              name: text(member.name),
              role: text(field(member, "role", "position")),
            });
            const groupId = await importedId(groupSource);
            if (!groupId) throw new SkipError(`its group '${title}' was not imported.`);
            const address = text(field(member, "imgUrl", "imageUrl"));
            const photo = address ? await exportFiles.image(address, { maxSide: PHOTO_MAX_SIDE }) : undefined;
            return createMember(trx, files, groupId, fields, photo);
          },
        };
      }),
    ];
  });
};
