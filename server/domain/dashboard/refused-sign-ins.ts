import type { Db } from "#server/db/database.ts";
import { SIGN_IN_REFUSAL } from "#server/domain/accounts/sign-in-refusals.ts";

/**
 * The latest refused sign-ins, for the dashboard: someone guessing a manager's password shows
 * there before it shows anywhere else. They are read from the audit log, where every refusal is
 * written with one of the errors of SIGN_IN_REFUSAL.
 */
const SIGN_IN_REFUSALS = Object.values(SIGN_IN_REFUSAL);

export const REFUSED_SIGN_IN_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RefusedSignIn {
  id: string;
  time: string;
  /** The address tried; null when the attempt named none (an unknown passkey). */
  email: string | null;
  /** Why it was refused, as the log words it. */
  reason: string;
  /** The client address the attempt came from. */
  clientAddress: string | null;
}

/**
 * Account entries of the last days, newest first: the (category, time desc) index gives them in
 * order, so the database stops after `limit` refusals.
 */
export function refusedSignInsQuery(db: Db, since: Date, limit: number) {
  return db
    .selectFrom("audit_log")
    .select(["id", "time", "content", "error", "actor"])
    .where("category", "=", "account")
    .where("time", ">=", since.toISOString())
    .where("error", "in", SIGN_IN_REFUSALS)
    .orderBy("time", "desc")
    .limit(limit);
}

/** The entry's sentence ends "(…접속 주소 203.0.113.7)"; the log has no column of its own for it. */
const ADDRESS_IN_CONTENT = /접속 주소 ([^,)\s]+)/;

export async function listRefusedSignIns(
  db: Db,
  { now = new Date(), limit = 10 }: { now?: Date; limit?: number } = {},
): Promise<RefusedSignIn[]> {
  const since = new Date(now.getTime() - REFUSED_SIGN_IN_DAYS * DAY_MS);
  const rows = await refusedSignInsQuery(db, since, limit).execute();
  return rows.map((row) => ({
    id: row.id,
    time: row.time,
    email: row.actor === "system" ? null : row.actor,
    reason: row.error ?? "",
    clientAddress: ADDRESS_IN_CONTENT.exec(row.content)?.[1] ?? null,
  }));
}
