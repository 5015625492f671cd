import type { Db } from "../../db/database.ts";
import type { CourseKind } from "../../db/schema.ts";

export interface Period {
  id: string;
  /** The semester's name, e.g. "2026-2학기". */
  name: string;
}

/** The stored period list, in the managers' order (oldest first). */
export function listPeriods(db: Db): Promise<Period[]> {
  return db
    .selectFrom("periods")
    .select(["id", "name"])
    .orderBy("position", "asc")
    .orderBy("name", "asc")
    .execute();
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
