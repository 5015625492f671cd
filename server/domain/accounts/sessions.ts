import { createHash, randomBytes } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import type { Role } from "#shared/roles.ts";

/**
 * Sign-in sessions. The browser holds a random token; the database holds only its SHA-256, so a
 * copy of the database holds no usable session. Every sign-in makes a new session.
 */
/** The cookie holding the token. Its presence alone keeps a request out of the page cache. */
export const SESSION_COOKIE_NAME = "club_admin_session";

export const PERSISTENT_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A session without "stay signed in" lives in a browser-session cookie. Browsers that restore
 * their last session keep such cookies indefinitely, so the server ends it after 12 hours anyway.
 */
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reading pages does not mean writing rows. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface NewSession {
  /** Goes into the cookie and nowhere else. */
  token: string;
  persistent: boolean;
  expiresAt: Date;
}

export interface ActiveSession {
  id: string;
  persistent: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  account: { id: string; email: string; role: Role };
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isSessionToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

/** The stored id of a token: its SHA-256 in hex. */
export function sessionIdOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function sessionExpiry(now: Date, persistent: boolean): Date {
  return new Date(now.getTime() + (persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS));
}

export function isExpired(expiresAt: string, now: Date): boolean {
  return Date.parse(expiresAt) <= now.getTime();
}

/** Where a session was opened from, shown on the account page to tell sessions apart. */
export interface SessionClient {
  userAgent?: string | undefined;
  address?: string | undefined;
}

export async function createSession(
  db: Db,
  accountId: string,
  persistent: boolean,
  now: Date = new Date(),
  client: SessionClient = {},
): Promise<NewSession> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = sessionExpiry(now, persistent);
  await db
    .insertInto("sessions")
    .values({
      id: sessionIdOf(token),
      account_id: accountId,
      persistent: persistent ? 1 : 0,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      // Bounded: the header is the client's to make as long as it likes.
      user_agent: client.userAgent?.slice(0, 512) ?? null,
      client_address: client.address?.slice(0, 64) ?? null,
    })
    .execute();
  return { token, persistent, expiresAt };
}

/** The session a token belongs to, while it lasts. An expired session is deleted on sight. */
export async function findActiveSession(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<ActiveSession | undefined> {
  if (!isSessionToken(token)) return undefined;
  const id = sessionIdOf(token);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("accounts", "accounts.id", "sessions.account_id")
    .select([
      "sessions.id",
      "sessions.persistent",
      "sessions.created_at",
      "sessions.last_seen_at",
      "sessions.expires_at",
      "accounts.id as account_id",
      "accounts.email",
      "accounts.role",
      "accounts.access_ends_at",
    ])
    .where("sessions.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  // A session ends with the account's access (the end of a term), whenever it was opened.
  if (isExpired(row.expires_at, now) || accessEnded(row.access_ends_at, now)) {
    await db.deleteFrom("sessions").where("id", "=", id).execute();
    return undefined;
  }
  let lastSeenAt = row.last_seen_at;
  if (now.getTime() - Date.parse(lastSeenAt) >= TOUCH_INTERVAL_MS) {
    lastSeenAt = now.toISOString();
    await db.updateTable("sessions").set({ last_seen_at: lastSeenAt }).where("id", "=", id).execute();
  }
  return {
    id: row.id,
    persistent: row.persistent === 1,
    createdAt: row.created_at,
    lastSeenAt,
    expiresAt: row.expires_at,
    account: { id: row.account_id, email: row.email, role: row.role },
  };
}

/** Whether an account's access has ended (null: it never ends). */
export function accessEnded(accessEndsAt: string | null, now: Date): boolean {
  return accessEndsAt !== null && Date.parse(accessEndsAt) <= now.getTime();
}

/** Ends one session (by its stored id); true when there was one. */
export async function deleteSession(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("sessions").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Ends every session of an manager except the one with id `keepId`; returns how many were
 * still active (expired rows go too, uncounted).
 */
export async function deleteSessionsOf(
  db: Db,
  accountId: string,
  keepId?: string,
  now: Date = new Date(),
): Promise<number> {
  await db
    .deleteFrom("sessions")
    .where("account_id", "=", accountId)
    .where("expires_at", "<=", now.toISOString())
    .execute();
  let query = db.deleteFrom("sessions").where("account_id", "=", accountId);
  if (keepId !== undefined) query = query.where("id", "!=", keepId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The manager's sessions that have not expired, newest first. */
export async function listSessionsOf(db: Db, accountId: string, now: Date = new Date()) {
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "persistent", "created_at", "last_seen_at", "expires_at", "user_agent", "client_address"])
    .where("account_id", "=", accountId)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    persistent: row.persistent === 1,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    /** Null for sessions made before these were kept. */
    userAgent: row.user_agent,
    clientAddress: row.client_address,
  }));
}

/** Removes sessions past their expiry (at start; expired sessions are refused anyway). */
export async function deleteExpiredSessions(db: Db, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
