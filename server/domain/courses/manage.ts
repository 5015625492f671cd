import { z } from "zod";
import type { Db } from "../../db/database.ts";
import type { CourseKind } from "../../db/schema.ts";
import {
  deleteVersioned,
  nextPosition,
  RecordNotFoundError,
  updateVersioned,
} from "../../db/versioned.ts";
import { newId } from "../../storage/storage.ts";
import type { OrderForm } from "../admin/form-fields.ts";
import { reorderFrom } from "../admin/lists.ts";
import { FieldError } from "../admin/run-write.ts";
import { optionalText, requiredText } from "../admin/text-schemas.ts";

export const courseKindSchema = z.enum(["project", "session", "study"], {
  error: "프로젝트, 세션, 스터디 중 하나를 골라 주세요.",
});

/** A period as its form sends it: the semester's name, e.g. "2027-1학기". */
export const periodInputSchema = z.object({
  name: requiredText("학기 이름을", "학기 이름은", 30),
});

export const courseEntrySchema = z.object({
  title: requiredText("제목을", "제목은", 100),
  description: optionalText("설명은", 1000),
  leader: optionalText("리더 이름은", 40),
});

/** An entry as a form sends it; every field is checked with `courseEntrySchema`. */
export type CourseEntryInput = Partial<z.input<typeof courseEntrySchema>>;

export interface ManagedPeriod {
  id: string;
  name: string;
  version: number;
  /** Projects, sessions and studies recorded for it. */
  entryCount: number;
}

/** The period list in its order, with each period's version and number of entries. */
export async function listManagedPeriods(db: Db): Promise<ManagedPeriod[]> {
  const rows = await db
    .selectFrom("periods")
    .leftJoin("course_entries", "course_entries.period_id", "periods.id")
    .select((eb) => [
      "periods.id",
      "periods.name",
      "periods.version",
      eb.fn.count<number>("course_entries.id").as("entryCount"),
    ])
    .groupBy(["periods.id", "periods.name", "periods.version", "periods.position"])
    .orderBy("periods.position")
    .orderBy("periods.name")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    version: Number(row.version),
    entryCount: Number(row.entryCount),
  }));
}

export interface ManagedCourseEntry {
  id: string;
  title: string;
  description: string;
  leader: string;
  version: number;
}

/** One period's entries by kind, each list in its order, with versions for editing. */
export async function listManagedEntries(
  db: Db,
  periodId: string,
): Promise<Record<CourseKind, ManagedCourseEntry[]>> {
  const rows = await db
    .selectFrom("course_entries")
    .select(["id", "kind", "title", "description", "leader", "version"])
    .where("period_id", "=", periodId)
    .orderBy("kind")
    .orderBy("position")
    .execute();
  const record: Record<CourseKind, ManagedCourseEntry[]> = { project: [], session: [], study: [] };
  for (const { kind, version, ...entry } of rows) {
    record[kind].push({ ...entry, version: Number(version) });
  }
  return record;
}

export function findPeriod(db: Db, id: string) {
  return db.selectFrom("periods").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
}

export function findCourseEntry(db: Db, id: string) {
  return db
    .selectFrom("course_entries")
    .select(["id", "period_id", "kind", "title"])
    .where("id", "=", id)
    .executeTakeFirst();
}

async function assertNameFree(db: Db, name: string, exceptId?: string) {
  let query = db.selectFrom("periods").select("id").where("name", "=", name);
  if (exceptId) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) {
    throw new FieldError("name", `'${name}' 학기는 이미 있습니다. 다른 이름을 입력해 주세요.`);
  }
}

/**
 * Adds a period at the end of the list. Its course record starts empty: no projects, sessions
 * or studies until managers add them.
 */
export async function addPeriod(
  db: Db,
  name: string | undefined,
): Promise<{ id: string; name: string }> {
  const checked = periodInputSchema.parse({ name }).name;
  await assertNameFree(db, checked);
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto("periods")
    .values({
      id,
      name: checked,
      position: await nextPosition(db, "periods"),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, name: checked };
}

export async function renamePeriod(db: Db, id: string, version: number, name: string | undefined) {
  const checked = periodInputSchema.parse({ name }).name;
  await assertNameFree(db, checked, id);
  await updateVersioned(db, "periods", id, version, { name: checked });
}

/** Deletes a period with its whole course record; returns how many entries went with it. */
export async function deletePeriod(db: Db, id: string, version: number): Promise<number> {
  const removed = await db.deleteFrom("course_entries").where("period_id", "=", id).execute();
  await deleteVersioned(db, "periods", id, version);
  return removed.reduce((sum, result) => sum + Number(result.numDeletedRows), 0);
}

export function reorderPeriods(db: Db, order: OrderForm) {
  return reorderFrom(db, "periods", order);
}

function entryScope(periodId: string, kind: CourseKind) {
  return [
    { column: "period_id", value: periodId },
    { column: "kind", value: kind },
  ];
}

/** Adds an entry at the end of its kind's list in the period. */
export async function addCourseEntry(
  db: Db,
  periodId: string,
  kind: CourseKind,
  input: CourseEntryInput,
): Promise<string> {
  const values = courseEntrySchema.parse(input);
  if (!(await findPeriod(db, periodId))) {
    throw new RecordNotFoundError("The period no longer exists.");
  }
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto("course_entries")
    .values({
      id,
      period_id: periodId,
      kind,
      position: await nextPosition(db, "course_entries", entryScope(periodId, kind)),
      ...values,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateCourseEntry(
  db: Db,
  id: string,
  version: number,
  input: CourseEntryInput,
) {
  await updateVersioned(db, "course_entries", id, version, courseEntrySchema.parse(input));
}

export function deleteCourseEntry(db: Db, id: string, version: number) {
  return deleteVersioned(db, "course_entries", id, version);
}

/** Puts one kind's entries of a period in a new order (see reorderFrom). */
export function reorderCourseEntries(db: Db, periodId: string, kind: CourseKind, order: OrderForm) {
  return reorderFrom(db, "course_entries", order, entryScope(periodId, kind));
}
