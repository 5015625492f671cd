import type { Db } from "#server/db/database.ts";
import { runWrite } from "#server/domain/write/run-write.ts";
import { ConflictError, FieldError, NotFoundError } from "#server/failures.ts";
import type { Services } from "#server/services.ts";
import { newId } from "#server/storage/storage.ts";
import { type Role, roleLabels } from "#shared/roles.ts";
import type { WriteResult } from "#shared/write-result.ts";
import { generatePassword, hashPassword } from "./passwords.ts";
import { deleteSessionsOf } from "./sessions.ts";

/**
 * Manager accounts: the managers who sign in to the admin area. The changes the server and the
 * command line make here (the first account, create, delete, reset) are writes of the one path
 * (`runWrite`: one transaction with the audit entry); `actor` is who made them, "system" for the
 * server and the command line. The managers' own changes are commands (content-type.ts).
 */
type WriteServices = Pick<Services, "db" | "storage" | "logger" | "pageCache">;

export interface Account {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  updatedAt: string;
}

export interface AccountWithSessions extends Account {
  activeSessions: number;
  /** Null when they have not signed in since this was first kept. */
  lastSignedInAt: string | null;
  /** When their access ends (the end of a term); null when it does not. */
  accessEndsAt: string | null;
}

export class AccountExistsError extends Error {
  override name = "AccountExistsError";
  constructor(email: string) {
    super(`An account with the address ${email} already exists.`);
  }
}

export class LastAccountError extends Error {
  override name = "LastAccountError";
  constructor() {
    super("The last account cannot be deleted: create another one first.");
  }
}

/** The site would be left without an owner (see roles.ts). */
export class LastOwnerError extends Error {
  override name = "LastOwnerError";
  constructor() {
    super("The last owner cannot be deleted: make another account an owner first.");
  }
}

/** Addresses are given already normalised (see `emailAddressSchema`). */
export async function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom("accounts")
    .select(["id", "email", "role", "password_hash", "created_at", "updated_at"])
    .where("email", "=", email)
    .executeTakeFirst();
}

export async function findAccountById(db: Db, id: string) {
  return db
    .selectFrom("accounts")
    .select(["id", "email", "role", "access_ends_at", "password_hash"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function countAccounts(db: Db): Promise<number> {
  const row = await db
    .selectFrom("accounts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Owners who can still sign in: the site must always keep one. */
export async function countOwners(db: Db, now: Date = new Date()): Promise<number> {
  const row = await db
    .selectFrom("accounts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("role", "=", "owner")
    .where((eb) => eb.or([eb("access_ends_at", "is", null), eb("access_ends_at", ">", now.toISOString())]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const EXISTS = "이미 관리자 계정이 있는 이메일입니다.";

/**
 * Creates an account with a password (the first account, the command line), audited. The first
 * account and the command line's make owners unless told otherwise: whoever runs them holds the
 * server already.
 */
export async function createAccount(
  services: WriteServices,
  input: { email: string; password: string; actor: string; role?: Role },
): Promise<WriteResult<Account>> {
  const passwordHash = await hashPassword(input.password);
  const role = input.role ?? "owner";
  const description = {
    category: "account" as const,
    success: `'${input.email}' 관리자 계정이 추가되었습니다 (${roleLabels[role]})`,
    failure: `'${input.email}' 관리자 계정을 추가하지 못했습니다`,
  };
  return runWrite(services, input.actor, description, async (trx) => {
    try {
      return await insertAccount(trx, { email: input.email, passwordHash, role });
    } catch (error) {
      if (error instanceof AccountExistsError) throw new FieldError("email", EXISTS);
      throw error;
    }
  });
}

/**
 * Adds an account inside the caller's transaction, with a password hashed beforehand (hashing
 * takes a moment that no transaction should wait for). A taken address throws.
 */
export async function insertAccount(
  trx: Db,
  input: { email: string; passwordHash: string; role: Role },
  now: Date = new Date(),
): Promise<Account> {
  const account: Account = {
    id: newId(),
    email: input.email,
    role: input.role,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const inserted = await trx
    .insertInto("accounts")
    .values({
      id: account.id,
      email: account.email,
      role: account.role,
      password_hash: input.passwordHash,
      created_at: account.createdAt,
      updated_at: account.updatedAt,
    })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AccountExistsError(input.email);
  return account;
}

/** What the list of managers shows of each account (selected, and grouped by to count sessions). */
const LISTED_COLUMNS = [
  "accounts.id",
  "accounts.email",
  "accounts.role",
  "accounts.access_ends_at",
  "accounts.created_at",
  "accounts.updated_at",
  "accounts.last_signed_in_at",
] as const;

/** Every manager with the number of sessions that have not expired, by address. */
export async function listAccounts(db: Db, now: Date = new Date()): Promise<AccountWithSessions[]> {
  const rows = await db
    .selectFrom("accounts")
    .leftJoin("sessions", (join) =>
      join.onRef("sessions.account_id", "=", "accounts.id").on("sessions.expires_at", ">", now.toISOString()),
    )
    .select((eb) => [...LISTED_COLUMNS, eb.fn.count<number | string>("sessions.id").as("active_sessions")])
    .groupBy(LISTED_COLUMNS)
    .orderBy("accounts.email")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    activeSessions: Number(row.active_sessions),
    lastSignedInAt: row.last_signed_in_at,
    accessEndsAt: row.access_ends_at,
  }));
}

const NO_ACCOUNT = "없는 관리자 계정입니다.";
const LAST_ACCOUNT = "마지막 관리자 계정은 삭제할 수 없습니다. 먼저 다른 관리자를 초대해 주세요.";
export const LAST_OWNER =
  "사이트에 소유자가 한 명뿐이라 그 계정은 삭제하거나 편집자로 바꿀 수 없습니다. 먼저 다른 관리자를 소유자로 지정해 주세요.";

/** The command line's delete: an account and its sessions, never the last one. */
export function deleteAccountByEmail(
  services: WriteServices,
  input: { email: string; actor: string },
): Promise<WriteResult<number>> {
  const description = {
    category: "account" as const,
    success: `'${input.email}' 관리자 계정이 삭제되었습니다`,
    failure: `'${input.email}' 관리자 계정 삭제에 실패했습니다`,
  };
  return runWrite(services, input.actor, description, async (trx) => {
    const found = await findAccountByEmail(trx, input.email);
    if (!found) throw new NotFoundError(NO_ACCOUNT);
    try {
      const ended = await deleteAccountById(trx, found.id);
      if (ended === undefined) throw new NotFoundError(NO_ACCOUNT);
      return ended;
    } catch (error) {
      if (error instanceof LastAccountError) throw new ConflictError(LAST_ACCOUNT);
      if (error instanceof LastOwnerError) throw new ConflictError(LAST_OWNER);
      throw error;
    }
  });
}

/**
 * Deletes an account, its sessions and the links made for it, inside the caller's transaction;
 * throws LastAccountError rather than leave nobody who can sign in. Returns how many
 * sessions ended, or undefined when there is no such account (any more).
 */
export async function deleteAccountById(trx: Db, id: string): Promise<number | undefined> {
  // Every account row is locked first, so two managers removing each other at once cannot both
  // count two: the second waits here and then counts what the first left.
  await trx
    .updateTable("accounts")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .execute();
  const account = await findAccountById(trx, id);
  if (!account) return undefined;
  if ((await countAccounts(trx)) <= 1) throw new LastAccountError();
  if (account.role === "owner" && (await countOwners(trx)) <= 1) throw new LastOwnerError();
  const endedSessions = await deleteSessionsOf(trx, id);
  await trx.deleteFrom("account_links").where("account_id", "=", id).execute();
  // Their autosaved copies are theirs alone: nobody else could recover them.
  await trx.deleteFrom("article_autosaves").where("account_id", "=", id).execute();
  await trx.deleteFrom("accounts").where("id", "=", id).execute();
  return endedSessions;
}

/**
 * Stores a new password (hashed beforehand) in the caller's transaction and ends every session
 * of the account but `keepSessionId`; returns how many ended.
 */
export async function replacePassword(
  trx: Db,
  accountId: string,
  passwordHash: string,
  keepSessionId?: string,
): Promise<number> {
  await trx
    .updateTable("accounts")
    .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
    .where("id", "=", accountId)
    .execute();
  return deleteSessionsOf(trx, accountId, keepSessionId);
}

/** The command line's reset: a new password, and every session of that manager ends. */
export async function resetPassword(
  services: WriteServices,
  input: { email: string; password: string; actor: string },
): Promise<WriteResult<number>> {
  const passwordHash = await hashPassword(input.password);
  const description = {
    category: "account" as const,
    success: (ended: number) => `'${input.email}' 관리자의 비밀번호가 재설정되었습니다 (세션 ${ended}개 종료)`,
    failure: `'${input.email}' 관리자의 비밀번호를 재설정하지 못했습니다`,
  };
  return runWrite(services, input.actor, description, async (trx) => {
    const found = await findAccountByEmail(trx, input.email);
    if (!found) throw new NotFoundError(NO_ACCOUNT);
    return replacePassword(trx, found.id, passwordHash);
  });
}

export interface SecondFactorsReset {
  passkeys: number;
  authenticatorApp: boolean;
  endedSessions: number;
}

/**
 * The command line's answer to a lost phone: removes the manager's passkeys, authenticator
 * app and recovery codes, and ends every session, so they sign in with the password alone and
 * set up their second factor again.
 */
export function resetSecondFactors(
  services: WriteServices,
  input: { email: string; actor: string },
): Promise<WriteResult<SecondFactorsReset>> {
  const description = {
    category: "account" as const,
    success: ({ passkeys, authenticatorApp, endedSessions }: SecondFactorsReset) =>
      `'${input.email}' 관리자의 2단계 인증을 초기화했습니다 ` +
      `(패스키 ${passkeys}개 삭제, 인증 앱 ${authenticatorApp ? "해제" : "없음"}, 세션 ${endedSessions}개 종료)`,
    failure: `'${input.email}' 관리자의 2단계 인증을 초기화하지 못했습니다`,
  };
  return runWrite(services, input.actor, description, async (trx) => {
    const found = await findAccountByEmail(trx, input.email);
    if (!found) throw new NotFoundError(NO_ACCOUNT);
    return removeSecondFactors(trx, found.id);
  });
}

/**
 * Removes an account's passkeys, authenticator app and recovery codes and ends every session of
 * theirs, in the caller's transaction (the command line's reset, and an owner's from the web).
 */
export async function removeSecondFactors(trx: Db, id: string): Promise<SecondFactorsReset> {
  const passkeys = await trx.deleteFrom("passkeys").where("account_id", "=", id).executeTakeFirst();
  const app = await trx.deleteFrom("totp_factors").where("account_id", "=", id).executeTakeFirst();
  await trx.deleteFrom("recovery_codes").where("account_id", "=", id).execute();
  await trx.deleteFrom("sign_in_challenges").where("account_id", "=", id).execute();
  return {
    passkeys: Number(passkeys.numDeletedRows),
    authenticatorApp: Number(app.numDeletedRows) > 0,
    endedSessions: await deleteSessionsOf(trx, id),
  };
}

export type InitialAccount =
  | { created: false }
  | { created: true; email: string; generatedPassword: string | undefined };

/**
 * At start: when no manager exists, creates one with the configured address and password,
 * or with a generated password that the caller shows once. Several instances starting together
 * create at most one (the address is unique).
 */
export async function ensureInitialAccount(
  services: WriteServices,
  input: { email: string; password: string | undefined },
): Promise<InitialAccount> {
  if ((await countAccounts(services.db)) > 0) return { created: false };
  const password = input.password ?? generatePassword();
  const created = await createAccount(services, { email: input.email, password, actor: "system" });
  // Another instance starting at the same moment made it first (the address is unique).
  if (created.fieldErrors?.email) return { created: false };
  if (!created.ok) throw new Error(`The first account could not be created: ${created.message}`);
  return {
    created: true,
    email: input.email,
    generatedPassword: input.password === undefined ? password : undefined,
  };
}
