import type { z } from "zod";
import { VersionConflictError } from "#server/failures.ts";
import type { Db } from "./database.ts";

/**
 * Single documents (site settings, leaders, admission info, rules) are one JSON value each,
 * checked by the zod schema of their domain module on every read and write.
 */
export interface VersionedDocument<T> {
  value: T;
  version: number;
  updatedAt: string;
}

export async function readDocument<Schema extends z.ZodType>(
  db: Db,
  key: string,
  schema: Schema,
): Promise<VersionedDocument<z.infer<Schema>> | undefined> {
  const row = await db
    .selectFrom("documents")
    .select(["value", "version", "updated_at"])
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    value: schema.parse(JSON.parse(row.value)),
    version: row.version,
    updatedAt: row.updated_at,
  };
}

/**
 * Writes the document when its stored version is still `expectedVersion` (undefined: it must not
 * exist yet). Throws VersionConflictError otherwise, so a stale form never overwrites newer data.
 */
export async function writeDocument<Schema extends z.ZodType>(
  db: Db,
  key: string,
  schema: Schema,
  value: z.input<Schema>,
  expectedVersion: number | undefined,
): Promise<VersionedDocument<z.infer<Schema>>> {
  const checked = schema.parse(value);
  const json = JSON.stringify(checked);
  const updatedAt = new Date().toISOString();
  if (expectedVersion === undefined) {
    const inserted = await db
      .insertInto("documents")
      .values({ key, value: json, version: 1, updated_at: updatedAt })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw new VersionConflictError(await currentVersion(db, key));
    }
    return { value: checked, version: 1, updatedAt };
  }
  const updated = await db
    .updateTable("documents")
    .set((eb) => ({ value: json, version: eb("version", "+", 1), updated_at: updatedAt }))
    .where("key", "=", key)
    .where("version", "=", expectedVersion)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    throw new VersionConflictError(await currentVersion(db, key));
  }
  return { value: checked, version: expectedVersion + 1, updatedAt };
}

async function currentVersion(db: Db, key: string): Promise<number> {
  const row = await db.selectFrom("documents").select("version").where("key", "=", key).executeTakeFirst();
  return row?.version ?? 0;
}
