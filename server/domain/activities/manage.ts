import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { nextPosition, updateVersioned } from "#server/db/versioned.ts";
import { deleteRecordWithFiles, type FileChanges } from "#server/domain/files/files.ts";
import type { UploadedFile } from "#server/domain/write/form-files.ts";
import type { OrderForm, RecordTarget } from "#server/domain/write/form-input.ts";
import { reorderFrom } from "#server/domain/write/lists.ts";
import { multiLineText, singleLineText } from "#server/domain/write/text-schemas.ts";
import { RecordNotFoundError, VersionConflictError } from "#server/failures.ts";
import { newId } from "#server/storage/storage.ts";

/** The spec's message for an activity without a title, shown as written. */
export const EMPTY_TITLE_MESSAGE = "Title must not be empty!";

export const FIRST_ACTIVITY_YEAR = 1900;
export const LAST_ACTIVITY_YEAR = 2100;

/** What a manager enters for an activity. */
export const activityFields = z.object({
  year: z.coerce
    .number({ error: "연도를 숫자로 입력해 주세요." })
    .int("연도를 숫자로 입력해 주세요.")
    .min(FIRST_ACTIVITY_YEAR, `연도는 ${FIRST_ACTIVITY_YEAR}년부터 입력할 수 있습니다.`)
    .max(LAST_ACTIVITY_YEAR, `연도는 ${LAST_ACTIVITY_YEAR}년까지 입력할 수 있습니다.`),
  title: singleLineText().trim().min(1, EMPTY_TITLE_MESSAGE).max(100, "제목은 100자까지 쓸 수 있습니다."),
  description: multiLineText().trim().max(2000, "설명은 2000자까지 쓸 수 있습니다."),
  direction: z.enum(["left", "right"], { error: "사진 위치를 골라 주세요." }),
});

export type ActivityFields = z.infer<typeof activityFields>;

const folderOf = (id: string) => `activities/${id}`;

/** Adds an activity at the end of its year, with its image when one was uploaded. */
export async function createActivity(
  trx: Db,
  files: FileChanges,
  fields: ActivityFields,
  image: UploadedFile | undefined,
): Promise<string> {
  const id = newId();
  const stored = image ? await files.store({ folder: folderOf(id), ...image }) : undefined;
  const now = new Date().toISOString();
  await trx
    .insertInto("main_activities")
    .values({
      id,
      ...fields,
      position: await nextPosition(trx, "main_activities", { column: "year", value: fields.year }),
      image_file_id: stored?.id ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/**
 * Saves an activity's fields at the version the manager loaded. A new image replaces the old one
 * (whose file is removed after the save), `removeImage` drops it; an activity moved to another
 * year goes to the end of that year.
 */
export async function updateActivity(
  trx: Db,
  files: FileChanges,
  target: RecordTarget,
  fields: ActivityFields,
  change: { image: UploadedFile | undefined; removeImage: boolean },
): Promise<void> {
  const current = await trx
    .selectFrom("main_activities")
    .select(["year", "version", "image_file_id"])
    .where("id", "=", target.id)
    .executeTakeFirst();
  if (!current) throw new RecordNotFoundError();
  if (current.version !== target.version) throw new VersionConflictError(current.version);

  let imageFileId = current.image_file_id;
  if (change.image) {
    imageFileId = (await files.store({ folder: folderOf(target.id), ...change.image })).id;
  } else if (change.removeImage) {
    imageFileId = null;
  }
  const movedYear =
    fields.year === current.year
      ? {}
      : {
          position: await nextPosition(trx, "main_activities", {
            column: "year",
            value: fields.year,
          }),
        };
  await updateVersioned(trx, "main_activities", target.id, target.version, {
    ...fields,
    ...movedYear,
    image_file_id: imageFileId,
  });
  if (current.image_file_id && current.image_file_id !== imageFileId) {
    await files.remove(current.image_file_id);
  }
}

/**
 * Deletes an activity and its image. A year exists only through its activities, so deleting the
 * last one of a year removes the year from every list.
 */
export async function deleteActivity(trx: Db, files: FileChanges, target: RecordTarget): Promise<void> {
  await deleteRecordWithFiles(trx, files, "main_activities", target, ["image_file_id"]);
}

/** Puts one year's activities in the manager's order. */
export async function reorderActivities(trx: Db, year: number, order: OrderForm): Promise<void> {
  await reorderFrom(trx, "main_activities", order, { column: "year", value: year });
}

/** An activity's title, for the messages about it; empty when it is gone. */
export async function activityTitle(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom("main_activities").select("title").where("id", "=", id).executeTakeFirst();
  return row?.title ?? "";
}
