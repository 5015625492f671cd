import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { deleteVersioned, nextPosition, updateVersioned } from "#server/db/versioned.ts";
import { deleteRecordWithFiles, type FileChanges } from "#server/domain/files/files.ts";
import type { UploadedFile } from "#server/domain/write/form-files.ts";
import { type OrderForm, type RecordTarget, recordTarget } from "#server/domain/write/form-input.ts";
import { reorderFrom } from "#server/domain/write/lists.ts";
import { optionalText, requiredText } from "#server/domain/write/text-schemas.ts";
import { RecordNotFoundError } from "#server/failures.ts";
import { newId } from "#server/storage/storage.ts";
import { recordNoun } from "#shared/korean.ts";

export const groupNoun = recordNoun("그룹");
export const memberNoun = recordNoun("구성원");
export const photoNoun = recordNoun("프로필 사진");

/** Profile photos are shown small; the longer side is stored at this size at most. */
export const PHOTO_MAX_SIDE = 960;

export const groupInputSchema = z.object({
  title: requiredText("그룹 이름을", "그룹 이름은", 40),
  description: optionalText("설명은", 300, { multiLine: true }),
});

export const memberInputSchema = z.object({
  name: requiredText("이름을", "이름은", 30),
  role: optionalText("역할은", 40),
});

/** The group a new member joins. */
export const memberGroupSchema = z.object({ groupId: recordTarget.shape.id });

/** A group and a member as their forms are checked by the schemas above. */
export type GroupFields = z.infer<typeof groupInputSchema>;
export type MemberFields = z.infer<typeof memberInputSchema>;

export function findGroup(db: Db, id: string) {
  return db.selectFrom("organization_groups").select(["id", "title"]).where("id", "=", id).executeTakeFirst();
}

export function findMember(db: Db, id: string) {
  return db
    .selectFrom("organization_members")
    .select(["id", "group_id", "name", "photo_file_id"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A group as the spec creates it: no title, no description, no members, at the end. */
export async function createGroup(db: Db): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto("organization_groups")
    .values({
      id,
      title: "",
      description: "",
      position: await nextPosition(db, "organization_groups"),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateGroup(db: Db, target: RecordTarget, fields: GroupFields) {
  await updateVersioned(db, "organization_groups", target.id, target.version, fields);
}

/**
 * Deletes a group as the spec orders it: first its members' profile photos, then the members,
 * then the group. Files are removed from storage once the transaction commits.
 */
export async function deleteGroup(db: Db, files: FileChanges, target: RecordTarget) {
  const photos = await db
    .selectFrom("organization_members")
    .select(["id", "photo_file_id"])
    .where("group_id", "=", target.id)
    .where("photo_file_id", "is not", null)
    .execute();
  if (photos.length > 0) {
    await db
      .updateTable("organization_members")
      .set({ photo_file_id: null })
      .where("group_id", "=", target.id)
      .execute();
    for (const { photo_file_id } of photos) if (photo_file_id) await files.remove(photo_file_id);
  }
  await db.deleteFrom("organization_members").where("group_id", "=", target.id).execute();
  await deleteVersioned(db, "organization_groups", target.id, target.version);
}

export function reorderGroups(db: Db, order: OrderForm) {
  return reorderFrom(db, "organization_groups", order);
}

/** Stores a prepared photo in a folder of its own; returns its file id. */
async function storePhoto(files: FileChanges, photo: UploadedFile): Promise<string> {
  return (await files.store({ folder: `organization/profile_${newId()}`, ...photo })).id;
}

/** Adds a member at the end of a group, with a profile photo when one is given. */
export async function createMember(
  db: Db,
  files: FileChanges,
  groupId: string,
  fields: MemberFields,
  photo: UploadedFile | undefined,
): Promise<string> {
  if (!(await findGroup(db, groupId))) throw new RecordNotFoundError();
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto("organization_members")
    .values({
      id,
      group_id: groupId,
      position: await nextPosition(db, "organization_members", {
        column: "group_id",
        value: groupId,
      }),
      ...fields,
      photo_file_id: photo ? await storePhoto(files, photo) : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Saves a member's name and role; a new photo replaces the old one, whose file is removed. */
export async function updateMember(
  db: Db,
  files: FileChanges,
  target: RecordTarget,
  fields: MemberFields,
  photo: UploadedFile | undefined,
): Promise<void> {
  const current = await findMember(db, target.id);
  if (!current) throw new RecordNotFoundError();
  if (!photo) {
    await updateVersioned(db, "organization_members", target.id, target.version, fields);
    return;
  }
  await updateVersioned(db, "organization_members", target.id, target.version, {
    ...fields,
    photo_file_id: await storePhoto(files, photo),
  });
  if (current.photo_file_id) await files.remove(current.photo_file_id);
}

/** Clears a member's photo and removes its file. */
export async function deleteMemberPhoto(db: Db, files: FileChanges, target: RecordTarget) {
  const current = await findMember(db, target.id);
  if (!current) throw new RecordNotFoundError();
  await updateVersioned(db, "organization_members", target.id, target.version, {
    photo_file_id: null,
  });
  if (current.photo_file_id) await files.remove(current.photo_file_id);
}

/** Deletes a member and their photo. */
export async function deleteMember(db: Db, files: FileChanges, target: RecordTarget) {
  await deleteRecordWithFiles(db, files, "organization_members", target, ["photo_file_id"]);
}

export function reorderMembers(db: Db, groupId: string, order: OrderForm) {
  return reorderFrom(db, "organization_members", order, { column: "group_id", value: groupId });
}
