import type { Db } from "#server/db/database.ts";
import type { MainActivitiesTable } from "#server/db/schema.ts";
import { type ImageRef, imageColumns, toOptionalImageRef } from "#server/domain/files/files.ts";
import type { FileStorage } from "#server/storage/storage.ts";

export interface MainActivity {
  id: string;
  title: string;
  description: string;
  /** Which side the image sits on in the alternating layout. */
  direction: MainActivitiesTable["direction"];
  image: ImageRef | undefined;
}

export interface ActivityYear {
  year: number;
  activities: MainActivity[];
}

/** The main activities grouped by year, newest year first, each year in the managers' order. */
export async function listMainActivitiesByYear(db: Db, storage: FileStorage): Promise<ActivityYear[]> {
  const rows = await db
    .selectFrom("main_activities")
    .leftJoin("files", "files.id", "main_activities.image_file_id")
    .select([
      "main_activities.id",
      "main_activities.year",
      "main_activities.title",
      "main_activities.description",
      "main_activities.direction",
      ...imageColumns,
    ])
    .orderBy("main_activities.year", "desc")
    .orderBy("main_activities.position", "asc")
    .execute();
  const years: ActivityYear[] = [];
  for (const row of rows) {
    let group = years.at(-1);
    if (group?.year !== row.year) {
      group = { year: row.year, activities: [] };
      years.push(group);
    }
    group.activities.push({
      id: row.id,
      title: row.title,
      description: row.description,
      direction: row.direction,
      image: toOptionalImageRef(storage, row),
    });
  }
  return years;
}
