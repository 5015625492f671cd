import { expect, test } from "vitest";
import { listOrganization } from "#server/domain/organization/organization.ts";
import { newId } from "#server/storage/storage.ts";
import { describeEachDatabase } from "./support/databases.ts";

describeEachDatabase("organization chart", (services) => {
  test("groups come in the managers' order, each with its members in order", async () => {
    const { db, storage } = services();
    const stamp = new Date().toISOString();
    const times = { created_at: stamp, updated_at: stamp };
    const photoId = newId();
    await db
      .insertInto("files")
      .values({
        id: photoId,
        storage_key: "organization/profile_a/photo.webp",
        content_type: "image/webp",
        byte_size: 1200,
        original_name: null,
        width: 960,
        height: 960,
        variant_widths: "[480]",
        created_at: stamp,
      })
      .execute();
    // Inserted out of order: the positions decide.
    const education = newId();
    const leadership = newId();
    const empty = newId();
    await db
      .insertInto("organization_groups")
      .values([
        { id: education, title: "교육부", description: "세션을 엽니다.", position: 1, ...times },
        { id: empty, title: "새 부서", description: "", position: 2, ...times },
        { id: leadership, title: "회장단", description: "운영 전반", position: 0, ...times },
      ])
      .execute();
    await db
      .insertInto("organization_members")
      .values([
        {
          id: newId(),
          group_id: education,
          position: 1,
          name: "강민호",
          role: "교육부원",
          photo_file_id: null,
          ...times,
        },
        {
          id: newId(),
          group_id: leadership,
          position: 1,
          name: "이서진",
          role: "부회장",
          photo_file_id: null,
          ...times,
        },
        {
          id: newId(),
          group_id: education,
          position: 0,
          name: "오세린",
          role: "교육부장",
          photo_file_id: null,
          ...times,
        },
        {
          id: newId(),
          group_id: leadership,
          position: 0,
          name: "김도윤",
          role: "회장",
          photo_file_id: photoId,
          ...times,
        },
      ])
      .execute();

    const groups = await listOrganization(db, storage);
    expect(groups.map((group) => group.title)).toEqual(["회장단", "교육부", "새 부서"]);
    expect(groups.map((group) => group.members.map((member) => member.name))).toEqual([
      ["김도윤", "이서진"],
      ["오세린", "강민호"],
      [],
    ]);
    expect(groups[0]?.description).toBe("운영 전반");
    expect(groups[0]?.members[0]).toMatchObject({
      role: "회장",
      photo: {
        url: "/uploads/organization/profile_a/photo.webp",
        width: 960,
        height: 960,
        srcSet: "/uploads/organization/profile_a/photo-w480.webp 480w, /uploads/organization/profile_a/photo.webp 960w",
      },
    });
    expect(groups[0]?.members[1]?.photo).toBeUndefined();
  });
});
