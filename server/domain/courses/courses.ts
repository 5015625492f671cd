import type { Db } from "#server/db/database.ts";
import type { CourseKind } from "#server/db/schema.ts";

export interface Period {
  id: string;
  /** The semester's name, e.g. "2026-2학기". */
  name: string;
  /** Whether any project, session or study is recorded for it yet. */
  recorded: boolean;
}

/** The stored period list, in the managers' order (oldest first). */
export async function listPeriods(db: Db): Promise<Period[]> {
  const rows = await db
    .selectFrom("periods")
    .select((eb) => [
      "periods.id",
      "periods.name",
      eb
        .exists(
          eb
            .selectFrom("course_entries")
            .select("course_entries.id")
            .whereRef("course_entries.period_id", "=", "periods.id"),
        )
        .as("recorded"),
    ])
    .orderBy("position", "asc")
    .orderBy("name", "asc")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, recorded: Boolean(row.recorded) }));
}

/**
 * A period's name as the key visitors and managers choose it by: NFKC folds full-width digits
 * and letters and other look-alikes, so "２０２７-1학기" and "2027-1학기" are one name.
 */
export function periodKey(name: string): string {
  return name.normalize("NFKC").trim();
}

/**
 * The period a page shows: the one asked for (by name or id), else the newest one with a
 * record, so a period just added and still empty does not blank the page; the newest one when
 * none has a record yet.
 */
export function shownPeriod<P extends Period>(periods: P[], wanted?: string | null): P | undefined {
  const key = wanted ? periodKey(wanted) : undefined;
  return (
    (key ? periods.find((period) => period.id === key || periodKey(period.name) === key) : undefined) ??
    periods.findLast((period) => period.recorded) ??
    periods.at(-1)
  );
}

export interface CourseEntry {
  id: string;
  title: string;
  description: string;
  leader: string;
}

/** A period's course record: its projects, sessions and studies, each in order. */
export type CourseRecord = Record<CourseKind, CourseEntry[]>;

export async function getCourseRecord(db: Db, periodId: string): Promise<CourseRecord> {
  const rows = await db
    .selectFrom("course_entries")
    .select(["id", "kind", "title", "description", "leader"])
    .where("period_id", "=", periodId)
    .orderBy("kind", "asc")
    .orderBy("position", "asc")
    .execute();
  const record: CourseRecord = { project: [], session: [], study: [] };
  for (const { kind, ...entry } of rows) record[kind].push(entry);
  return record;
}
