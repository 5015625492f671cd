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

/**
 * The main activities grouped by year, newest year first, each year in the managers' order; with
 * `year`, that year's alone.
 */
export async function listMainActivitiesByYear(
  db: Db,
  storage: FileStorage,
  filter: { year?: number } = {},
): Promise<ActivityYear[]> {
  let select = db.selectFrom("main_activities");
  if (filter.year !== undefined) select = select.where("main_activities.year", "=", filter.year);
  const rows = await select
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

/** The years that have activities, newest first, with how many each has. */
export async function listActivityYears(db: Db): Promise<{ year: number; count: number }[]> {
  const rows = await db
    .selectFrom("main_activities")
    .select((eb) => ["year", eb.fn.countAll<number | string>().as("count")])
    .groupBy("year")
    .orderBy("year", "desc")
    .execute();
  return rows.map((row) => ({ year: Number(row.year), count: Number(row.count) }));
}
