import { z } from "zod";
import type { RecordNoun } from "../../../shared/korean.ts";
import type { Db } from "../../db/database.ts";
import {
  deleteVersioned,
  nextPosition,
  RecordNotFoundError,
  updateVersioned,
} from "../../db/versioned.ts";
import { newId } from "../../storage/storage.ts";
import type { OrderForm } from "../admin/form-fields.ts";
import { reorderFrom } from "../admin/lists.ts";
import { optionalText, requiredText } from "../admin/text-schemas.ts";
import type { FileChanges, StoredFile } from "../files/files.ts";
import { acceptImage } from "../files/uploads.ts";

export const groupNoun: RecordNoun = { name: "그룹", subject: "그룹이", object: "그룹을" };
export const memberNoun: RecordNoun = { name: "구성원", subject: "구성원이", object: "구성원을" };
export const photoNoun: RecordNoun = {
  name: "프로필 사진",
  subject: "프로필 사진이",
  object: "프로필 사진을",
};

/** Profile photos are shown small; the longer side is stored at this size at most. */
const PHOTO_MAX_SIDE = 960;

export const groupInputSchema = z.object({
  title: requiredText("그룹 이름을", "그룹 이름은", 40),
  description: optionalText("설명은", 300),
});

export const memberInputSchema = z.object({
  name: requiredText("이름을", "이름은", 30),
  role: optionalText("역할은", 40),
});

/** A group and a member as forms send them, checked with the schemas above. */
export type GroupInput = Partial<z.input<typeof groupInputSchema>>;
export type MemberInput = Partial<z.input<typeof memberInputSchema>>;

export function findGroup(db: Db, id: string) {
  return db
    .selectFrom("organization_groups")
    .select(["id", "title"])
    .where("id", "=", id)
    .executeTakeFirst();
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

export async function updateGroup(db: Db, id: string, version: number, input: GroupInput) {
  await updateVersioned(db, "organization_groups", id, version, groupInputSchema.parse(input));
}

/**
 * Deletes a group as the spec orders it: first its members' profile photos, then the members,
 * then the group. Files are removed from storage once the transaction commits.
 */
export async function deleteGroup(
  db: Db,
  files: FileChanges,
  id: string,
  version: number,
): Promise<void> {
  const photos = await db
    .selectFrom("organization_members")
    .select(["id", "photo_file_id"])
    .where("group_id", "=", id)
    .where("photo_file_id", "is not", null)
    .execute();
  if (photos.length > 0) {
    await db
      .updateTable("organization_members")
      .set({ photo_file_id: null })
      .where("group_id", "=", id)
      .execute();
    for (const { photo_file_id } of photos) if (photo_file_id) await files.remove(photo_file_id);
  }
  await db.deleteFrom("organization_members").where("group_id", "=", id).execute();
  await deleteVersioned(db, "organization_groups", id, version);
}

export function reorderGroups(db: Db, order: OrderForm) {
  return reorderFrom(db, "organization_groups", order);
}

/** Checks an uploaded photo by its bytes and stores it in a folder of its own. */
async function storePhoto(files: FileChanges, photo: File): Promise<StoredFile> {
  const image = await acceptImage(photo, { maxSide: PHOTO_MAX_SIDE });
  return files.store({
    folder: `organization/profile_${newId()}`,
    extension: image.extension,
    contentType: image.contentType,
    body: image.body,
    width: image.width,
    height: image.height,
    variants: image.variants,
    originalName: photo.name,
  });
}

/** Adds a member at the end of a group, with a profile photo when one is given. */
export async function createMember(
  db: Db,
  files: FileChanges,
  groupId: string,
  input: MemberInput,
  photo?: File,
): Promise<string> {
  const values = memberInputSchema.parse(input);
  if (!(await findGroup(db, groupId))) throw new RecordNotFoundError("The group no longer exists.");
  const stored = photo ? await storePhoto(files, photo) : undefined;
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
      ...values,
      photo_file_id: stored?.id ?? null,
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
  id: string,
  version: number,
  input: MemberInput,
  photo?: File,
): Promise<void> {
  const values = memberInputSchema.parse(input);
  const current = await findMember(db, id);
  if (!current) throw new RecordNotFoundError("The member no longer exists.");
  if (!photo) {
    await updateVersioned(db, "organization_members", id, version, values);
    return;
  }
  const stored = await storePhoto(files, photo);
  await updateVersioned(db, "organization_members", id, version, {
    ...values,
    photo_file_id: stored.id,
  });
  if (current.photo_file_id) await files.remove(current.photo_file_id);
}

/** Clears a member's photo and removes its file. */
export async function deleteMemberPhoto(
  db: Db,
  files: FileChanges,
  id: string,
  version: number,
): Promise<void> {
  const current = await findMember(db, id);
  if (!current) throw new RecordNotFoundError("The member no longer exists.");
  await updateVersioned(db, "organization_members", id, version, { photo_file_id: null });
  if (current.photo_file_id) await files.remove(current.photo_file_id);
}

/** Deletes a member and their photo. */
export async function deleteMember(
  db: Db,
  files: FileChanges,
  id: string,
  version: number,
): Promise<void> {
  const current = await findMember(db, id);
  await deleteVersioned(db, "organization_members", id, version);
  if (current?.photo_file_id) await files.remove(current.photo_file_id);
}

export function reorderMembers(db: Db, groupId: string, order: OrderForm) {
  return reorderFrom(db, "organization_members", order, { column: "group_id", value: groupId });
}
