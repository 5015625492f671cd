import { createHash, randomBytes } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import { NotFoundError } from "#server/failures.ts";
import type { Role } from "#shared/roles.ts";

/**
 * One-time links a manager makes for someone else: an invitation to create an account, or a new
 * password for another manager. The link carries a random token and the database keeps only its
 * SHA-256, so a copy of the database opens nothing. A link works once, for 48 hours; the site
 * sends no e-mail, so the manager copies it from the screen into a message of their own.
 */
export type LinkPurpose = "invite" | "reset";

export const LINK_LIFETIME_MS = 48 * 60 * 60 * 1000;
/** Used and expired links stay this long, so opening one says why it no longer works. */
const KEEP_FINISHED_MS = 30 * 24 * 60 * 60 * 1000;

/** Where each kind of link opens: public pages, outside the admin area's guard. */
export const LINK_PATHS: Record<LinkPurpose, string> = {
  invite: "/admin/invite",
  reset: "/admin/reset-password",
};

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function linkPath(purpose: LinkPurpose, token: string): string {
  return `${LINK_PATHS[purpose]}/${token}`;
}

function linkIdOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface NewLink {
  /** The page that opens it, with the token: shown once, stored nowhere. */
  path: string;
  expiresAt: string;
}

/** Makes a link inside the caller's transaction; a new reset link replaces the account's older one. */
export async function createLink(
  trx: Db,
  input: { purpose: LinkPurpose; accountId?: string; note?: string; role?: Role; createdBy: string },
  now: Date = new Date(),
): Promise<NewLink> {
  if (input.purpose === "reset" && input.accountId) {
    await trx
      .deleteFrom("account_links")
      .where("purpose", "=", "reset")
      .where("account_id", "=", input.accountId)
      .where("used_at", "is", null)
      .execute();
  }
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS).toISOString();
  await trx
    .insertInto("account_links")
    .values({
      id: linkIdOf(token),
      purpose: input.purpose,
      account_id: input.accountId ?? null,
      note: input.note ?? "",
      role: input.purpose === "invite" ? (input.role ?? "editor") : null,
      created_by: input.createdBy,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { path: linkPath(input.purpose, token), expiresAt };
}

export interface OpenLink {
  id: string;
  accountId: string | null;
  /** The reset link's account. */
  email: string | null;
  note: string;
  /** The role an invitation gives. */
  role: Role;
  createdBy: string;
  expiresAt: string;
}

export type LinkState = { state: "open"; link: OpenLink } | { state: "unknown" | "used" | "expired" };

/** What a link's token opens now. */
export async function findLink(
  db: Db,
  purpose: LinkPurpose,
  token: string,
  now: Date = new Date(),
): Promise<LinkState> {
  if (!TOKEN_PATTERN.test(token)) return { state: "unknown" };
  const row = await db
    .selectFrom("account_links")
    .leftJoin("accounts", "accounts.id", "account_links.account_id")
    .selectAll("account_links")
    .select("accounts.email")
    .where("account_links.id", "=", linkIdOf(token))
    .where("account_links.purpose", "=", purpose)
    .executeTakeFirst();
  if (!row) return { state: "unknown" };
  if (row.used_at !== null) return { state: "used" };
  if (Date.parse(row.expires_at) <= now.getTime()) return { state: "expired" };
  return {
    state: "open",
    link: {
      id: row.id,
      accountId: row.account_id,
      email: row.email,
      note: row.note,
      role: row.role ?? "editor",
      createdBy: row.created_by,
      expiresAt: row.expires_at,
    },
  };
}

const REFUSALS: Record<Exclude<LinkState["state"], "open">, { status: 404 | 410; message: string }> = {
  unknown: {
    status: 404,
    message: "없는 링크입니다. 받은 주소를 끝까지 빠짐없이 복사했는지 확인해 주세요.",
  },
  used: {
    status: 410,
    message: "이미 사용한 링크입니다. 링크는 한 번만 쓸 수 있으니, 필요하면 다른 관리자에게 새 링크를 부탁하세요.",
  },
  expired: {
    status: 410,
    message: "기한(48시간)이 지난 링크입니다. 다른 관리자에게 새 링크를 부탁하세요.",
  },
};

export type UnusableState = keyof typeof REFUSALS;

/** How a page answers a link that cannot be used: 404 when it names nothing, 410 when it is spent. */
export function linkRefusal(state: UnusableState): { status: 404 | 410; message: string } {
  return REFUSALS[state];
}

/** A link found unusable while it was being used (see linkRefusal). */
export class UnusableLinkError extends NotFoundError {
  override name = "UnusableLinkError";
  constructor(state: UnusableState) {
    super(REFUSALS[state].message, { status: REFUSALS[state].status });
  }
}

/**
 * Spends a link in the caller's transaction. Of two uses at once only one finds it unused; the
 * other throws, and its transaction changes nothing.
 */
export async function spendLink(trx: Db, id: string, now: Date = new Date()): Promise<void> {
  const spent = await trx
    .updateTable("account_links")
    .set({ used_at: now.toISOString() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) === 0) throw new UnusableLinkError("used");
}

/** Invitations not yet used or expired, newest first. */
export async function listOpenInvitations(db: Db, now: Date = new Date()) {
  const rows = await db
    .selectFrom("account_links")
    .select(["id", "note", "role", "created_by", "created_at", "expires_at"])
    .where("purpose", "=", "invite")
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    note: row.note,
    role: row.role ?? "editor",
    createdBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  }));
}

/** Until when each account's reset link still works, by account id. */
export async function openResetLinks(db: Db, now: Date = new Date()): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom("account_links")
    .select(["account_id", "expires_at"])
    .where("purpose", "=", "reset")
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .execute();
  return Object.fromEntries(rows.flatMap((row) => (row.account_id ? [[row.account_id, row.expires_at]] : [])));
}

/** Links finished (used or expired) a month ago: housekeeping. */
export async function deleteOldLinks(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_FINISHED_MS).toISOString();
  const result = await db
    .deleteFrom("account_links")
    .where((eb) => eb.or([eb("expires_at", "<=", before), eb("used_at", "<=", before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A request address with a link's token hidden, for the server's log. */
export function withoutLinkToken(url: string): string {
  for (const prefix of Object.values(LINK_PATHS)) {
    if (!url.startsWith(`${prefix}/`)) continue;
    const rest = url.slice(prefix.length + 1);
    // A token is base64url: it ends where a path, a query or the ".data" suffix begins.
    const end = rest.search(/[/?#.]/);
    return `${prefix}/…${end < 0 ? "" : rest.slice(end)}`;
  }
  return url;
}
