import type { Db } from "#server/db/database.ts";
import { type ImageRef, imageColumns, toOptionalImageRef } from "#server/domain/files/files.ts";
import type { FileStorage } from "#server/storage/storage.ts";

export interface OrganizationMember {
  id: string;
  name: string;
  role: string;
  /** For the admin page's forms, which send back the version they were loaded with. */
  version: number;
  /** The profile photo; undefined when the member has none. */
  photo: ImageRef | undefined;
}

export interface OrganizationGroup {
  id: string;
  title: string;
  description: string;
  version: number;
  members: OrganizationMember[];
}

/**
 * The organization chart: groups in the managers' order, each with its members in order. A group
 * is created without a name; `namedOnly` leaves such groups out until a manager names them.
 */
export async function listOrganization(
  db: Db,
  storage: FileStorage,
  { namedOnly = false }: { namedOnly?: boolean } = {},
): Promise<OrganizationGroup[]> {
  let groupsQuery = db
    .selectFrom("organization_groups")
    .select(["id", "title", "description", "version"])
    .orderBy("position")
    .orderBy("id");
  if (namedOnly) groupsQuery = groupsQuery.where("title", "!=", "");
  const [groups, members] = await Promise.all([
    groupsQuery.execute(),
    db
      .selectFrom("organization_members")
      .leftJoin("files", "files.id", "organization_members.photo_file_id")
      .select([
        "organization_members.id",
        "organization_members.group_id",
        "organization_members.name",
        "organization_members.role",
        "organization_members.version",
        ...imageColumns,
      ])
      .orderBy("organization_members.group_id")
      .orderBy("organization_members.position")
      .orderBy("organization_members.id")
      .execute(),
  ]);
  const byGroup = new Map<string, OrganizationMember[]>(groups.map((group) => [group.id, []]));
  for (const row of members) {
    byGroup.get(row.group_id)?.push({
      id: row.id,
      name: row.name,
      role: row.role,
      version: Number(row.version),
      photo: toOptionalImageRef(storage, row),
    });
  }
  return groups.map((group) => ({
    ...group,
    version: Number(group.version),
    members: byGroup.get(group.id) ?? [],
  }));
}
