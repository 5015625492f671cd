import type { Db } from "#server/db/database.ts";
import { writeAuditLog } from "#server/domain/audit-log/audit-log.ts";
import { newId } from "#server/storage/storage.ts";
import { generatePassword, hashPassword } from "./passwords.ts";
import { createSession, deleteSessionsOf, type NewSession, type SessionClient } from "./sessions.ts";

/**
 * Manager accounts: the managers who sign in to the admin area. Every change here is one
 * transaction with its audit-log entry. `actor` is who made it: an manager's address, or
 * "system" for the server and the command-line tool.
 */
export interface Account {
  id: string;
  email: string;
  createdAt: string;
  updatedAt: string;
}

export interface AccountWithSessions extends Account {
  activeSessions: number;
  /** Null when they have not signed in since this was first kept. */
  lastSignedInAt: string | null;
}

export class AccountExistsError extends Error {
  override name = "AccountExistsError";
  constructor(email: string) {
    super(`An account with the address ${email} already exists.`);
  }
}

export class AccountNotFoundError extends Error {
  override name = "AccountNotFoundError";
  constructor(email: string) {
    super(`There is no account with the address ${email}.`);
  }
}

export class LastAccountError extends Error {
  override name = "LastAccountError";
  constructor() {
    super("The last account cannot be deleted: create another one first.");
  }
}

/** Addresses are given already normalised (see `emailAddressSchema`). */
export async function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom("accounts")
    .select(["id", "email", "password_hash", "created_at", "updated_at"])
    .where("email", "=", email)
    .executeTakeFirst();
}

export async function findAccountById(db: Db, id: string) {
  return db.selectFrom("accounts").select(["id", "email", "password_hash"]).where("id", "=", id).executeTakeFirst();
}

export async function countAccounts(db: Db): Promise<number> {
  const row = await db
    .selectFrom("accounts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function createAccount(
  db: Db,
  input: { email: string; password: string; actor: string },
): Promise<Account> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const account = await insertAccount(trx, { email: input.email, passwordHash });
    await writeAuditLog(trx, {
      category: "account",
      content: `'${input.email}' 관리자 계정이 추가되었습니다`,
      actor: input.actor,
    });
    return account;
  });
}

/**
 * Adds an account inside the caller's transaction, with a password hashed beforehand (hashing
 * takes a moment that no transaction should wait for). A taken address throws.
 */
export async function insertAccount(
  trx: Db,
  input: { email: string; passwordHash: string },
  now: Date = new Date(),
): Promise<Account> {
  const account: Account = {
    id: newId(),
    email: input.email,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const inserted = await trx
    .insertInto("accounts")
    .values({
      id: account.id,
      email: account.email,
      password_hash: input.passwordHash,
      created_at: account.createdAt,
      updated_at: account.updatedAt,
    })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AccountExistsError(input.email);
  return account;
}

/** Every manager with the number of sessions that have not expired, by address. */
export async function listAccounts(db: Db, now: Date = new Date()): Promise<AccountWithSessions[]> {
  const rows = await db
    .selectFrom("accounts")
    .leftJoin("sessions", (join) =>
      join.onRef("sessions.account_id", "=", "accounts.id").on("sessions.expires_at", ">", now.toISOString()),
    )
    .select((eb) => [
      "accounts.id",
      "accounts.email",
      "accounts.created_at",
      "accounts.updated_at",
      "accounts.last_signed_in_at",
      eb.fn.count<number | string>("sessions.id").as("active_sessions"),
    ])
    .groupBy([
      "accounts.id",
      "accounts.email",
      "accounts.created_at",
      "accounts.updated_at",
      "accounts.last_signed_in_at",
    ])
    .orderBy("accounts.email")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    activeSessions: Number(row.active_sessions),
    lastSignedInAt: row.last_signed_in_at,
  }));
}

/** Deletes an manager and their sessions; the last manager stays. */
export async function deleteAccountByEmail(db: Db, input: { email: string; actor: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const account = await findAccountByEmail(trx, input.email);
    if (!account) throw new AccountNotFoundError(input.email);
    await deleteAccountById(trx, account.id);
    await writeAuditLog(trx, {
      category: "account",
      content: `'${input.email}' 관리자 계정이 삭제되었습니다`,
      actor: input.actor,
    });
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
  if (!(await findAccountById(trx, id))) return undefined;
  if ((await countAccounts(trx)) <= 1) throw new LastAccountError();
  const endedSessions = await deleteSessionsOf(trx, id);
  await trx.deleteFrom("account_links").where("account_id", "=", id).execute();
  // Their autosaved copies are theirs alone: nobody else could recover them.
  await trx.deleteFrom("article_autosaves").where("account_id", "=", id).execute();
  await trx.deleteFrom("accounts").where("id", "=", id).execute();
  return endedSessions;
}

/**
 * Sets a new password and ends the manager's sessions. With `renewSession`, the session
 * in use is replaced by a new one (a new id after a credential change) instead of ending; it
 * keeps the browser and address it is used from, so the account page still names it.
 * `content` words the log entry from the number of sessions that ended.
 */
export async function setPassword(
  db: Db,
  input: {
    account: { id: string; email: string };
    password: string;
    actor: string;
    content: (endedSessions: number) => string;
    renewSession?: { currentId: string; persistent: boolean; client?: SessionClient } | undefined;
  },
): Promise<{ endedSessions: number; session: NewSession | undefined }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const { account, renewSession } = input;
    const endedSessions = await replacePassword(trx, account.id, passwordHash, renewSession?.currentId);
    let session: NewSession | undefined;
    if (renewSession) {
      await deleteSessionsOf(trx, account.id);
      session = await createSession(trx, account.id, renewSession.persistent, new Date(), renewSession.client);
    }
    await writeAuditLog(trx, {
      category: "account",
      content: input.content(endedSessions),
      actor: input.actor,
    });
    return { endedSessions, session };
  });
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
  db: Db,
  input: { email: string; password: string; actor: string },
): Promise<number> {
  const account = await findAccountByEmail(db, input.email);
  if (!account) throw new AccountNotFoundError(input.email);
  const { endedSessions } = await setPassword(db, {
    account,
    password: input.password,
    actor: input.actor,
    content: (ended) => `'${input.email}' 관리자의 비밀번호가 재설정되었습니다 (세션 ${ended}개 종료)`,
  });
  return endedSessions;
}

/**
 * The command line's answer to a lost phone: removes the manager's passkeys, authenticator
 * app and recovery codes, and ends every session, so they sign in with the password alone and
 * set up their second factor again.
 */
export async function resetSecondFactors(
  db: Db,
  input: { email: string; actor: string },
): Promise<{ passkeys: number; authenticatorApp: boolean; endedSessions: number }> {
  const account = await findAccountByEmail(db, input.email);
  if (!account) throw new AccountNotFoundError(input.email);
  return db.transaction().execute(async (trx) => {
    const id = account.id;
    const passkeys = await trx.deleteFrom("passkeys").where("account_id", "=", id).executeTakeFirst();
    const app = await trx.deleteFrom("totp_factors").where("account_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("recovery_codes").where("account_id", "=", id).execute();
    await trx.deleteFrom("sign_in_challenges").where("account_id", "=", id).execute();
    const endedSessions = await deleteSessionsOf(trx, id);
    const result = {
      passkeys: Number(passkeys.numDeletedRows),
      authenticatorApp: Number(app.numDeletedRows) > 0,
      endedSessions,
    };
    await writeAuditLog(trx, {
      category: "account",
      content:
        `'${input.email}' 관리자의 2단계 인증을 초기화했습니다 ` +
        `(패스키 ${result.passkeys}개 삭제, 인증 앱 ${result.authenticatorApp ? "해제" : "없음"}, 세션 ${endedSessions}개 종료)`,
      actor: input.actor,
    });
    return result;
  });
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
  db: Db,
  input: { email: string; password: string | undefined },
): Promise<InitialAccount> {
  if ((await countAccounts(db)) > 0) return { created: false };
  const password = input.password ?? generatePassword();
  try {
    await createAccount(db, { email: input.email, password, actor: "system" });
  } catch (error) {
    if (error instanceof AccountExistsError) return { created: false };
    throw error;
  }
  return {
    created: true,
    email: input.email,
    generatedPassword: input.password === undefined ? password : undefined,
  };
}
