import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import { recordId } from "#server/domain/write/form-input.ts";
import { singleLineText } from "#server/domain/write/text-schemas.ts";
import { BadRequestError, ConflictError, RecordNotFoundError } from "#server/failures.ts";
import { addDays, parseSeoulWallClock, seoulMidnight } from "#shared/dates.ts";
import type { Role } from "#shared/roles.ts";
import { countOwners, findAccountById, LAST_OWNER, removeSecondFactors, type SecondFactorsReset } from "./accounts.ts";
import { roleField } from "./manage.ts";
import { deleteSessionsOf } from "./sessions.ts";

/**
 * What owners change about other accounts: their role, ownership handed over, the date their
 * access ends (the end of a term), and their sign-in security (second factors reset, sessions
 * ended). The site always keeps one owner who can sign in: no change here leaves it without one.
 * Each runs inside the one admin write (content-type.ts).
 */

export const roleFields = z.object({ id: recordId, role: roleField });

/** A day in Seoul (YYYY-MM-DD), or empty for access that does not end. */
export const accessEndFields = z.object({
  id: recordId,
  endsOn: singleLineText()
    .trim()
    .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), "날짜를 YYYY-MM-DD 형식으로 입력해 주세요.")
    .refine((value) => value === "" || parseSeoulWallClock(value, "00:00") !== undefined, "없는 날짜입니다."),
});

/** Access ends when the chosen day ends in Seoul. */
export function accessEndOf(endsOn: string): string | null {
  if (endsOn === "") return null;
  return seoulMidnight(addDays(endsOn, 1)).toISOString();
}

/**
 * Every account row is locked first, as deleteAccountById does, so two owners demoting each
 * other at once cannot both count two owners.
 */
async function lockAccounts(trx: Db): Promise<void> {
  await trx
    .updateTable("accounts")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .execute();
}

async function existingAccount(trx: Db, id: string) {
  const account = await findAccountById(trx, id);
  if (!account) throw new RecordNotFoundError();
  return account;
}

/** Gives an account a role; the last owner stays one. */
export async function changeRole(trx: Db, id: string, role: Role): Promise<{ email: string; changed: boolean }> {
  await lockAccounts(trx);
  const account = await existingAccount(trx, id);
  if (account.role === role) return { email: account.email, changed: false };
  if (account.role === "owner" && (await countOwners(trx)) <= 1) throw new ConflictError(LAST_OWNER);
  await trx.updateTable("accounts").set({ role, updated_at: new Date().toISOString() }).where("id", "=", id).execute();
  return { email: account.email, changed: true };
}

/** Makes another account an owner and the one asking an editor, in one step. */
export async function handOverOwnership(trx: Db, toId: string, fromId: string): Promise<{ email: string }> {
  if (toId === fromId) throw new BadRequestError("소유권은 다른 관리자에게 넘겨 주세요.");
  const target = await existingAccount(trx, toId);
  if (target.access_ends_at !== null) {
    throw new ConflictError("사용 기간이 정해진 계정에는 소유권을 넘길 수 없습니다. 먼저 기간을 없애 주세요.");
  }
  await changeRole(trx, toId, "owner");
  await changeRole(trx, fromId, "editor");
  return { email: target.email };
}

/** Sets or clears when an account's access ends; its sessions end then too (sessions.ts). */
export async function setAccessEnd(
  trx: Db,
  input: { id: string; endsOn: string },
  actorId: string,
): Promise<{ email: string; endsAt: string | null }> {
  await lockAccounts(trx);
  const account = await existingAccount(trx, input.id);
  const endsAt = accessEndOf(input.endsOn);
  if (endsAt !== null && input.id === actorId) {
    throw new BadRequestError("자기 계정의 사용 기간은 정할 수 없습니다. 다른 소유자에게 부탁하세요.");
  }
  if (endsAt !== null && Date.parse(endsAt) <= Date.now()) {
    throw new BadRequestError("사용 기간이 끝나는 날은 오늘이나 그 뒤여야 합니다.");
  }
  if (endsAt !== null && account.role === "owner" && (await countOwners(trx)) <= 1) {
    throw new ConflictError(LAST_OWNER);
  }
  await trx
    .updateTable("accounts")
    .set({ access_ends_at: endsAt, updated_at: new Date().toISOString() })
    .where("id", "=", input.id)
    .execute();
  return { email: account.email, endsAt };
}

/** Another account's passkeys, authenticator app and sessions removed: a lost phone. */
export async function resetSecondFactorOf(trx: Db, id: string, actorId: string): Promise<SecondFactorsReset> {
  if (id === actorId) throw new BadRequestError("자기 2단계 인증은 '패스키와 2단계 인증' 화면에서 바꿔 주세요.");
  await existingAccount(trx, id);
  return removeSecondFactors(trx, id);
}

/** Ends every session of another account. */
export async function endSessionsOf(trx: Db, id: string, actorId: string): Promise<number> {
  if (id === actorId) throw new BadRequestError("자기 세션은 '패스키와 2단계 인증' 화면에서 끝내 주세요.");
  await existingAccount(trx, id);
  return deleteSessionsOf(trx, id);
}

/** Accounts whose access ends within `days` (and has not ended yet), soonest first: the dashboard warns owners. */
export async function accessEndingSoon(db: Db, days: number, now: Date = new Date()) {
  const until = new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString();
  const rows = await db
    .selectFrom("accounts")
    .select(["id", "email", "role", "access_ends_at"])
    .where("access_ends_at", ">", now.toISOString())
    .where("access_ends_at", "<=", until)
    .orderBy("access_ends_at")
    .execute();
  return rows.map((row) => ({ id: row.id, email: row.email, role: row.role, endsAt: row.access_ends_at ?? "" }));
}
