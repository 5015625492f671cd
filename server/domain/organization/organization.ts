import type { Db } from "../../db/database.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { type ImageRef, toImageRef } from "../files/files.ts";

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
      .selectFrom("organization_members as m")
      .leftJoin("files as f", "f.id", "m.photo_file_id")
      .select([
        "m.id",
        "m.group_id",
        "m.name",
        "m.role",
        "f.storage_key",
        "f.width",
        "f.height",
        "f.variant_widths",
      ])
      .orderBy("m.group_id")
      .orderBy("m.position")
      .orderBy("m.id")
      .execute(),
  ]);
  const byGroup = new Map<string, OrganizationMember[]>(groups.map((group) => [group.id, []]));
  for (const row of members) {
    byGroup.get(row.group_id)?.push({
      id: row.id,
      name: row.name,
      role: row.role,
      photo:
        row.storage_key === null
          ? undefined
          : toImageRef(storage, {
              storage_key: row.storage_key,
              width: row.width,
              height: row.height,
              variant_widths: row.variant_widths ?? "[]",
            }),
    });
  }
  return groups.map((group) => ({ ...group, members: byGroup.get(group.id) ?? [] }));
}
