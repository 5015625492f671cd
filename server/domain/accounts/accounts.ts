import type { Db } from "#server/db/database.ts";
import { writeAuditLog } from "#server/domain/audit-log/audit-log.ts";
import { newId } from "#server/storage/storage.ts";
import { generatePassword, hashPassword } from "./passwords.ts";
import { createSession, deleteSessionsOf, type NewSession, type SessionClient } from "./sessions.ts";

/**
 * Administrator accounts: the managers who sign in to the admin area. Every change here is one
 * transaction with its audit-log entry. `actor` is who made it: an administrator's address, or
 * "system" for the server and the command-line tool.
 */
export interface Administrator {
  id: string;
  email: string;
  createdAt: string;
  updatedAt: string;
}

export interface AdministratorWithSessions extends Administrator {
  activeSessions: number;
  /** Null when they have not signed in since this was first kept. */
  lastSignedInAt: string | null;
}

export class AdministratorExistsError extends Error {
  override name = "AdministratorExistsError";
  constructor(email: string) {
    super(`An administrator with the address ${email} already exists.`);
  }
}

export class AdministratorNotFoundError extends Error {
  override name = "AdministratorNotFoundError";
  constructor(email: string) {
    super(`There is no administrator with the address ${email}.`);
  }
}

export class LastAdministratorError extends Error {
  override name = "LastAdministratorError";
  constructor() {
    super("The last administrator cannot be deleted: create another one first.");
  }
}

/** Addresses are given already normalised (see `emailAddressSchema`). */
export async function findAdministratorByEmail(db: Db, email: string) {
  return db
    .selectFrom("administrators")
    .select(["id", "email", "password_hash", "created_at", "updated_at"])
    .where("email", "=", email)
    .executeTakeFirst();
}

export async function findAdministratorById(db: Db, id: string) {
  return db
    .selectFrom("administrators")
    .select(["id", "email", "password_hash"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function countAdministrators(db: Db): Promise<number> {
  const row = await db
    .selectFrom("administrators")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function createAdministrator(
  db: Db,
  input: { email: string; password: string; actor: string },
): Promise<Administrator> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const administrator = await insertAdministrator(trx, { email: input.email, passwordHash });
    await writeAuditLog(trx, {
      category: "account",
      content: `'${input.email}' 관리자 계정이 추가되었습니다`,
      actor: input.actor,
    });
    return administrator;
  });
}

/**
 * Adds an account inside the caller's transaction, with a password hashed beforehand (hashing
 * takes a moment that no transaction should wait for). A taken address throws.
 */
export async function insertAdministrator(
  trx: Db,
  input: { email: string; passwordHash: string },
  now: Date = new Date(),
): Promise<Administrator> {
  const administrator: Administrator = {
    id: newId(),
    email: input.email,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const inserted = await trx
    .insertInto("administrators")
    .values({
      id: administrator.id,
      email: administrator.email,
      password_hash: input.passwordHash,
      created_at: administrator.createdAt,
      updated_at: administrator.updatedAt,
    })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AdministratorExistsError(input.email);
  return administrator;
}

/** Every administrator with the number of sessions that have not expired, by address. */
export async function listAdministrators(db: Db, now: Date = new Date()): Promise<AdministratorWithSessions[]> {
  const rows = await db
    .selectFrom("administrators")
    .leftJoin("sessions", (join) =>
      join
        .onRef("sessions.administrator_id", "=", "administrators.id")
        .on("sessions.expires_at", ">", now.toISOString()),
    )
    .select((eb) => [
      "administrators.id",
      "administrators.email",
      "administrators.created_at",
      "administrators.updated_at",
      "administrators.last_signed_in_at",
      eb.fn.count<number | string>("sessions.id").as("active_sessions"),
    ])
    .groupBy([
      "administrators.id",
      "administrators.email",
      "administrators.created_at",
      "administrators.updated_at",
      "administrators.last_signed_in_at",
    ])
    .orderBy("administrators.email")
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

/** Deletes an administrator and their sessions; the last administrator stays. */
export async function deleteAdministrator(db: Db, input: { email: string; actor: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const administrator = await findAdministratorByEmail(trx, input.email);
    if (!administrator) throw new AdministratorNotFoundError(input.email);
    await removeAdministrator(trx, administrator.id);
    await writeAuditLog(trx, {
      category: "account",
      content: `'${input.email}' 관리자 계정이 삭제되었습니다`,
      actor: input.actor,
    });
  });
}

/**
 * Deletes an account, its sessions and the links made for it, inside the caller's transaction;
 * throws LastAdministratorError rather than leave nobody who can sign in. Returns how many
 * sessions ended, or undefined when there is no such account (any more).
 */
export async function removeAdministrator(trx: Db, id: string): Promise<number | undefined> {
  // Every account row is locked first, so two managers removing each other at once cannot both
  // count two: the second waits here and then counts what the first left.
  await trx
    .updateTable("administrators")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .execute();
  if (!(await findAdministratorById(trx, id))) return undefined;
  if ((await countAdministrators(trx)) <= 1) throw new LastAdministratorError();
  const endedSessions = await deleteSessionsOf(trx, id);
  await trx.deleteFrom("manager_links").where("administrator_id", "=", id).execute();
  // Their autosaved copies are theirs alone: nobody else could recover them.
  await trx.deleteFrom("article_autosaves").where("administrator_id", "=", id).execute();
  await trx.deleteFrom("administrators").where("id", "=", id).execute();
  return endedSessions;
}

/**
 * Sets a new password and ends the administrator's sessions. With `renewSession`, the session
 * in use is replaced by a new one (a new id after a credential change) instead of ending; it
 * keeps the browser and address it is used from, so the account page still names it.
 * `content` words the log entry from the number of sessions that ended.
 */
export async function setPassword(
  db: Db,
  input: {
    administrator: { id: string; email: string };
    password: string;
    actor: string;
    content: (endedSessions: number) => string;
    renewSession?: { currentId: string; persistent: boolean; client?: SessionClient } | undefined;
  },
): Promise<{ endedSessions: number; session: NewSession | undefined }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const { administrator, renewSession } = input;
    const endedSessions = await replacePassword(trx, administrator.id, passwordHash, renewSession?.currentId);
    let session: NewSession | undefined;
    if (renewSession) {
      await deleteSessionsOf(trx, administrator.id);
      session = await createSession(trx, administrator.id, renewSession.persistent, new Date(), renewSession.client);
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
  administratorId: string,
  passwordHash: string,
  keepSessionId?: string,
): Promise<number> {
  await trx
    .updateTable("administrators")
    .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
    .where("id", "=", administratorId)
    .execute();
  return deleteSessionsOf(trx, administratorId, keepSessionId);
}

/** The command line's reset: a new password, and every session of that administrator ends. */
export async function resetPassword(
  db: Db,
  input: { email: string; password: string; actor: string },
): Promise<number> {
  const administrator = await findAdministratorByEmail(db, input.email);
  if (!administrator) throw new AdministratorNotFoundError(input.email);
  const { endedSessions } = await setPassword(db, {
    administrator,
    password: input.password,
    actor: input.actor,
    content: (ended) => `'${input.email}' 관리자의 비밀번호가 재설정되었습니다 (세션 ${ended}개 종료)`,
  });
  return endedSessions;
}

/**
 * The command line's answer to a lost phone: removes the administrator's passkeys, authenticator
 * app and recovery codes, and ends every session, so they sign in with the password alone and
 * set up their second factor again.
 */
export async function resetSecondFactors(
  db: Db,
  input: { email: string; actor: string },
): Promise<{ passkeys: number; authenticatorApp: boolean; endedSessions: number }> {
  const administrator = await findAdministratorByEmail(db, input.email);
  if (!administrator) throw new AdministratorNotFoundError(input.email);
  return db.transaction().execute(async (trx) => {
    const id = administrator.id;
    const passkeys = await trx.deleteFrom("passkeys").where("administrator_id", "=", id).executeTakeFirst();
    const app = await trx.deleteFrom("totp_factors").where("administrator_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("recovery_codes").where("administrator_id", "=", id).execute();
    await trx.deleteFrom("sign_in_challenges").where("administrator_id", "=", id).execute();
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

export type InitialAdministrator =
  | { created: false }
  | { created: true; email: string; generatedPassword: string | undefined };

/**
 * At start: when no administrator exists, creates one with the configured address and password,
 * or with a generated password that the caller shows once. Several instances starting together
 * create at most one (the address is unique).
 */
export async function ensureInitialAdministrator(
  db: Db,
  input: { email: string; password: string | undefined },
): Promise<InitialAdministrator> {
  if ((await countAdministrators(db)) > 0) return { created: false };
  const password = input.password ?? generatePassword();
  try {
    await createAdministrator(db, { email: input.email, password, actor: "system" });
  } catch (error) {
    if (error instanceof AdministratorExistsError) return { created: false };
    throw error;
  }
  return {
    created: true,
    email: input.email,
    generatedPassword: input.password === undefined ? password : undefined,
  };
}
