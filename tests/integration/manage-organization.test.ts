import { expect, test } from "vitest";
import { listOrganization } from "#server/domain/organization/organization.ts";
import { imageFile } from "../support/files.ts";
import { lastAuditEntry, storedKeys } from "../support/stored-content.ts";
import { MANAGER, postCommand } from "./support/admin-requests.ts";
import { describeEachDatabase } from "./support/databases.ts";

type Fields = Record<string, string | string[] | File | undefined>;

describeEachDatabase("managing the organization chart", (services) => {
  const post = async (fields: Fields) => {
    const { status, body } = await postCommand(services(), "organization", fields);
    return { ...body, status };
  };
  const chart = () => listOrganization(services().db, services().storage);
  const group = async (id: string) => {
    const found = (await chart()).find((candidate) => candidate.id === id);
    if (!found) throw new Error(`No group ${id}`);
    return found;
  };
  const member = async (groupId: string, name: string) => {
    const found = (await group(groupId)).members.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`No member ${name}`);
    return found;
  };
  /** The file row of a member's photo and whether its file (and copies) are in storage. */
  const photoOf = async (memberId: string) => {
    const row = await services()
      .db.selectFrom("organization_members")
      .innerJoin("files", "files.id", "organization_members.photo_file_id")
      .select(["files.id", "files.storage_key", "files.variant_widths", "files.content_type"])
      .where("organization_members.id", "=", memberId)
      .executeTakeFirst();
    return row;
  };
  const fileRows = async () =>
    (await services().db.selectFrom("files").select("id").execute()).map((row) => row.id).sort();
  const createGroup = async () => {
    const result = await post({ intent: "create-group" });
    expect(result.ok).toBe(true);
    return result.data as string;
  };

  test("a new group is created empty at the end of the chart", async () => {
    const first = await createGroup();
    const result = await post({ intent: "create-group" });
    expect(result).toMatchObject({ ok: true, message: "그룹이 추가되었습니다" });
    const second = result.data as string;
    const groups = await chart();
    expect(groups.map((candidate) => candidate.id).slice(-2)).toEqual([first, second]);
    expect(await group(second)).toEqual({
      id: second,
      title: "",
      description: "",
      version: 1,
      members: [],
    });
    const named = await listOrganization(services().db, services().storage, { namedOnly: true });
    expect(named.map((candidate) => candidate.id)).not.toContain(second);
    await expect(lastAuditEntry(services().db, "organization")).resolves.toEqual({
      type: "normal",
      content: "그룹이 추가되었습니다",
      error: null,
      actor: MANAGER,
    });
  });

  test("a group is then named and described; a name is required and versions are checked", async () => {
    const id = await createGroup();
    const untitled = await post({ intent: "update-group", id, version: "1", title: " " });
    expect(untitled).toMatchObject({
      status: 400,
      fieldErrors: { title: "그룹 이름을 입력해 주세요." },
    });
    const saved = await post({
      intent: "update-group",
      id,
      version: "1",
      title: "교육부",
      description: "세션과 스터디를 꾸립니다.",
    });
    expect(saved).toMatchObject({ ok: true, message: "'교육부' 그룹이 수정되었습니다" });
    expect(await group(id)).toMatchObject({
      title: "교육부",
      description: "세션과 스터디를 꾸립니다.",
      version: 2,
    });
    const stale = await post({ intent: "update-group", id, version: "1", title: "기획부" });
    expect(stale).toMatchObject({ ok: false, status: 409, conflict: true });
    expect((await group(id)).title).toBe("교육부");
    await expect(lastAuditEntry(services().db, "organization")).resolves.toMatchObject({
      type: "failure",
      content: "'기획부' 그룹 수정에 실패했습니다",
    });
  });

  test("a member's photo is stored under organization/profile_{random}, replaced and deleted with its files", async () => {
    const groupId = await createGroup();
    const created = await post({
      intent: "create-member",
      groupId,
      name: "김도윤",
      role: "회장",
      photo: await imageFile("도윤.png", { width: 1200, height: 900 }),
    });
    expect(created).toMatchObject({ ok: true, message: "'김도윤' 구성원이 추가되었습니다" });
    const added = await member(groupId, "김도윤");
    expect(added).toMatchObject({ role: "회장", version: 1 });
    const first = await photoOf(added.id);
    if (!first) throw new Error("The photo was not stored");
    expect(first.storage_key).toMatch(/^organization\/profile_[0-9a-f]{32}\/[0-9a-f]{32}\.webp$/);
    expect(first.content_type).toBe("image/webp");
    expect(added.photo).toMatchObject({ width: 960, height: 720 });
    expect(added.photo?.url).toBe(`/uploads/${first.storage_key}`);
    const firstKeys = (await storedKeys(services().storage)).filter((key) =>
      key.startsWith(first.storage_key.replace(/\.webp$/, "")),
    );
    expect(firstKeys).toEqual([first.storage_key, first.storage_key.replace(".webp", "-w480.webp")].sort());

    const replaced = await post({
      intent: "update-member",
      id: added.id,
      version: "1",
      name: "김도윤",
      role: "회장 (2학기)",
      photo: await imageFile("새 사진.png", { width: 400, height: 400, colour: "#14a44d" }),
    });
    expect(replaced).toMatchObject({ ok: true, message: "'김도윤' 구성원이 수정되었습니다" });
    const second = await photoOf(added.id);
    if (!second) throw new Error("The new photo was not stored");
    expect(second.id).not.toBe(first.id);
    const keys = await storedKeys(services().storage);
    expect(keys).toContain(second.storage_key);
    expect(keys.filter((key) => key.startsWith(first.storage_key.replace(/\.webp$/, "")))).toEqual([]);
    expect(await fileRows()).not.toContain(first.id);
    expect(await member(groupId, "김도윤")).toMatchObject({ role: "회장 (2학기)", version: 2 });

    const cleared = await post({ intent: "delete-photo", id: added.id, version: "2" });
    expect(cleared).toMatchObject({ ok: true, message: "'김도윤' 프로필 사진이 삭제되었습니다" });
    expect(await photoOf(added.id)).toBeUndefined();
    expect((await member(groupId, "김도윤")).photo).toBeUndefined();
    expect(await storedKeys(services().storage)).not.toContain(second.storage_key);
    expect(await fileRows()).not.toContain(second.id);
  });

  test("a file that is not an image is refused and leaves no file or row behind", async () => {
    const groupId = await createGroup();
    const rowsBefore = await fileRows();
    const keysBefore = await storedKeys(services().storage);
    const fake = new File([new TextEncoder().encode("not really a photo")], "photo.jpg", {
      type: "image/jpeg",
    });
    const refused = await post({
      intent: "create-member",
      groupId,
      name: "가짜 사진",
      photo: fake,
    });
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect(refused.message).toContain("이미지 파일이 아닙니다");
    expect((await group(groupId)).members).toEqual([]);
    expect(await fileRows()).toEqual(rowsBefore);
    expect(await storedKeys(services().storage)).toEqual(keysBefore);
    await expect(lastAuditEntry(services().db, "organization")).resolves.toMatchObject({
      type: "failure",
      content: "'가짜 사진' 구성원 추가에 실패했습니다",
    });

    const nameless = await post({ intent: "create-member", groupId, name: "", role: "부원" });
    expect(nameless).toMatchObject({ status: 400, fieldErrors: { name: "이름을 입력해 주세요." } });
  });

  test("a save over a newer member version is refused and keeps the stored photo", async () => {
    const groupId = await createGroup();
    await post({
      intent: "create-member",
      groupId,
      name: "이서진",
      photo: await imageFile("서진.png", { width: 640, height: 480 }),
    });
    const saved = await member(groupId, "이서진");
    const photo = await photoOf(saved.id);
    await post({
      intent: "update-member",
      id: saved.id,
      version: "1",
      name: "이서진",
      role: "부회장",
    });
    const rowsBefore = await fileRows();
    const stale = await post({
      intent: "update-member",
      id: saved.id,
      version: "1",
      name: "이서진",
      photo: await imageFile("다른 사진.png", { width: 640, height: 480 }),
    });
    expect(stale).toMatchObject({ ok: false, status: 409, conflict: true });
    expect((await photoOf(saved.id))?.id).toBe(photo?.id);
    expect(await fileRows()).toEqual(rowsBefore);
    const staleDelete = await post({ intent: "delete-member", id: saved.id, version: "1" });
    expect(staleDelete).toMatchObject({ status: 409 });
  });

  test("members and groups are reordered; a stale list is a conflict", async () => {
    const groupId = await createGroup();
    for (const name of ["가", "나", "다"]) {
      await post({ intent: "create-member", groupId, name });
    }
    const ids = (await group(groupId)).members.map((candidate) => candidate.id);
    const moved = [ids[2], ids[0], ids[1]] as string[];
    const result = await post({ intent: "reorder-members", groupId, expected: ids, id: moved });
    expect(result).toMatchObject({ ok: true, message: "구성원 순서가 변경되었습니다" });
    expect((await group(groupId)).members.map((candidate) => candidate.name)).toEqual(["다", "가", "나"]);
    // A page still showing the old order: its move would undo the one just saved.
    const stale = await post({ intent: "reorder-members", groupId, expected: ids, id: ids });
    expect(stale).toMatchObject({ status: 409, conflict: true });
    const partial = await post({
      intent: "reorder-members",
      groupId,
      expected: moved,
      id: moved.slice(0, 2),
    });
    expect(partial.status).toBe(400);

    const groupIds = (await chart()).map((candidate) => candidate.id);
    const reversed = [...groupIds].reverse();
    expect(await post({ intent: "reorder-groups", expected: groupIds, id: reversed })).toMatchObject({
      ok: true,
      message: "그룹 순서가 변경되었습니다",
    });
    expect((await chart()).map((candidate) => candidate.id)).toEqual(reversed);
    const staleGroups = await post({ intent: "reorder-groups", expected: groupIds, id: groupIds });
    expect(staleGroups.status).toBe(409);
  });

  test("deleting a member deletes their photo", async () => {
    const groupId = await createGroup();
    await post({
      intent: "create-member",
      groupId,
      name: "박하은",
      photo: await imageFile("하은.png", { width: 640, height: 480 }),
    });
    const saved = await member(groupId, "박하은");
    const photo = await photoOf(saved.id);
    if (!photo) throw new Error("No photo");
    const result = await post({ intent: "delete-member", id: saved.id, version: "1" });
    expect(result).toMatchObject({ ok: true, message: "'박하은' 구성원이 삭제되었습니다" });
    expect((await group(groupId)).members).toEqual([]);
    expect(await fileRows()).not.toContain(photo.id);
    expect(await storedKeys(services().storage)).not.toContain(photo.storage_key);
  });

  test("deleting a group deletes its members' photos, then its members and the group", async () => {
    const groupId = await createGroup();
    await post({ intent: "update-group", id: groupId, version: "1", title: "홍보부" });
    await post({
      intent: "create-member",
      groupId,
      name: "최유나",
      photo: await imageFile("a.png", { width: 640, height: 480 }),
    });
    await post({
      intent: "create-member",
      groupId,
      name: "문지호",
      photo: await imageFile("b.png", { width: 640, height: 480 }),
    });
    await post({ intent: "create-member", groupId, name: "사진 없음" });
    const other = await createGroup();
    await post({
      intent: "create-member",
      groupId: other,
      name: "다른 그룹",
      photo: await imageFile("c.png", { width: 640, height: 480 }),
    });
    const photos = await Promise.all((await group(groupId)).members.map((candidate) => photoOf(candidate.id)));
    const stored = photos.filter((photo) => photo !== undefined);
    expect(stored).toHaveLength(2);
    const keep = await photoOf((await member(other, "다른 그룹")).id);

    const stale = await post({ intent: "delete-group", id: groupId, version: "1" });
    expect(stale).toMatchObject({ status: 409 });
    expect((await group(groupId)).members).toHaveLength(3);

    const result = await post({ intent: "delete-group", id: groupId, version: "2" });
    expect(result).toMatchObject({ ok: true, message: "'홍보부' 그룹이 삭제되었습니다" });
    expect((await chart()).map((candidate) => candidate.id)).not.toContain(groupId);
    const left = await services()
      .db.selectFrom("organization_members")
      .select("id")
      .where("group_id", "=", groupId)
      .execute();
    expect(left).toEqual([]);
    const rows = await fileRows();
    const keys = await storedKeys(services().storage);
    for (const photo of stored) {
      expect(rows).not.toContain(photo.id);
      expect(keys).not.toContain(photo.storage_key);
    }
    expect(rows).toContain(keep?.id);
    expect(keys).toContain(keep?.storage_key);
    await expect(lastAuditEntry(services().db, "organization")).resolves.toMatchObject({
      type: "normal",
      content: "'홍보부' 그룹이 삭제되었습니다",
    });
  });
});
