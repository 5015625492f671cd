import type { Db } from "../../db/database.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { type ImageRef, imageColumns, toOptionalImageRef } from "../files/files.ts";

export interface OrganizationMember {
  id: string;
  name: string;
  role: string;
  /** The profile photo; undefined when the member has none. */
  photo: ImageRef | undefined;
}

export interface OrganizationGroup {
  id: string;
  title: string;
  description: string;
  members: OrganizationMember[];
}

/** The organization chart: groups in the managers' order, each with its members in order. */
export async function listOrganization(db: Db, storage: FileStorage): Promise<OrganizationGroup[]> {
  const [groups, members] = await Promise.all([
    db
      .selectFrom("organization_groups")
      .select(["id", "title", "description"])
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("organization_members")
      .leftJoin("files", "files.id", "organization_members.photo_file_id")
      .select([
        "organization_members.id",
        "organization_members.group_id",
        "organization_members.name",
        "organization_members.role",
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
      photo: toOptionalImageRef(storage, row),
    });
  }
  return groups.map((group) => ({ ...group, members: byGroup.get(group.id) ?? [] }));
}
