import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import type { CourseKind } from "#server/db/schema.ts";
import { deleteVersioned, nextPosition, updateVersioned } from "#server/db/versioned.ts";
import { type OrderForm, type RecordTarget, recordTarget } from "#server/domain/write/form-input.ts";
import { reorderFrom } from "#server/domain/write/lists.ts";
import { optionalText, requiredText, singleLineText } from "#server/domain/write/text-schemas.ts";
import { FieldError, RecordNotFoundError } from "#server/failures.ts";
import { newId } from "#server/storage/storage.ts";
import { periodKey } from "./courses.ts";

export const courseKindSchema = z.enum(["project", "session", "study"], {
  error: "프로젝트, 세션, 스터디 중 하나를 골라 주세요.",
});

const NAME_MISSING = "학기 이름을 입력해 주세요.";

/**
 * A period as its form sends it: the semester's name, e.g. "2027-1학기". The name is the key
 * visitors choose a period by, so it is stored as `periodKey` has it (NFKC, trimmed):
 * normalised before it is trimmed and measured.
 */
export const periodInputSchema = z.object({
  name: singleLineText({ error: NAME_MISSING })
    .normalize("NFKC")
    .trim()
    .min(1, NAME_MISSING)
    .max(30, "학기 이름은 30자까지 쓸 수 있습니다."),
});

export type PeriodFields = z.infer<typeof periodInputSchema>;

export const courseEntrySchema = z.object({
  title: requiredText("제목을", "제목은", 100),
  description: optionalText("설명은", 1000, { multiLine: true }),
  leader: optionalText("리더 이름은", 40),
});

export type CourseEntryFields = z.infer<typeof courseEntrySchema>;

/** Where a new entry goes: its period and its kind. */
export const entryPlaceSchema = z.object({
  periodId: recordTarget.shape.id,
  kind: courseKindSchema,
});

export type EntryPlace = z.infer<typeof entryPlaceSchema>;

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
export async function listManagedEntries(db: Db, periodId: string): Promise<Record<CourseKind, ManagedCourseEntry[]>> {
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

/**
 * A name another period already has is refused next to the field, compared as keys: a name
 * stored before names were normalised still counts as the same period. Periods are a few per
 * year, so they are compared here rather than by the database.
 */
async function assertNameFree(db: Db, name: string, exceptId?: string) {
  const key = periodKey(name);
  const periods = await db.selectFrom("periods").select(["id", "name"]).execute();
  const same = periods.find((period) => period.id !== exceptId && periodKey(period.name) === key);
  if (same) {
    throw new FieldError(
      "name",
      `'${same.name}' 학기가 이미 있습니다. 전각·반각처럼 모양만 다른 글자는 같은 이름으로 봅니다. 다른 이름을 입력해 주세요.`,
    );
  }
}

/**
 * Adds a period at the end of the list and returns its id. Its course record starts empty: no
 * projects, sessions or studies until managers add them.
 */
export async function addPeriod(db: Db, { name }: PeriodFields): Promise<string> {
  await assertNameFree(db, name);
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto("periods")
    .values({
      id,
      name,
      position: await nextPosition(db, "periods"),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function renamePeriod(db: Db, target: RecordTarget, { name }: PeriodFields) {
  await assertNameFree(db, name, target.id);
  await updateVersioned(db, "periods", target.id, target.version, { name });
}

/** Deletes a period with its whole course record; returns how many entries went with it. */
export async function deletePeriod(db: Db, target: RecordTarget): Promise<number> {
  const removed = await db.deleteFrom("course_entries").where("period_id", "=", target.id).execute();
  await deleteVersioned(db, "periods", target.id, target.version);
  return removed.reduce((sum, result) => sum + Number(result.numDeletedRows), 0);
}

export function reorderPeriods(db: Db, order: OrderForm) {
  return reorderFrom(db, "periods", order);
}

function entryScope({ periodId, kind }: EntryPlace) {
  return [
    { column: "period_id", value: periodId },
    { column: "kind", value: kind },
  ];
}

/** Adds an entry at the end of its kind's list in the period and returns its id. */
export async function addCourseEntry(db: Db, place: EntryPlace, fields: CourseEntryFields): Promise<string> {
  if (!(await findPeriod(db, place.periodId))) {
    throw new RecordNotFoundError();
  }
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto("course_entries")
    .values({
      id,
      period_id: place.periodId,
      kind: place.kind,
      position: await nextPosition(db, "course_entries", entryScope(place)),
      ...fields,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updateCourseEntry(db: Db, target: RecordTarget, fields: CourseEntryFields) {
  await updateVersioned(db, "course_entries", target.id, target.version, fields);
}

export function deleteCourseEntry(db: Db, target: RecordTarget) {
  return deleteVersioned(db, "course_entries", target.id, target.version);
}

/** Puts one kind's entries of a period in a new order (see reorderFrom). */
export function reorderCourseEntries(db: Db, place: EntryPlace, order: OrderForm) {
  return reorderFrom(db, "course_entries", order, entryScope(place));
}
