import type { Db } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import type { FileChanges } from "#server/domain/files/files.ts";
import { conflictingVersion } from "#server/domain/revisions/conflict.ts";
import { type History, keepBaseline, keepRevision } from "#server/domain/revisions/revisions.ts";
import { BadRequestError, ForbiddenError, OWNER_ONLY_MESSAGE, UNAUTHORIZED_MESSAGE } from "#server/failures.ts";
import type { Services } from "#server/services.ts";
import type { AuditCategory } from "#shared/audit-categories.ts";
import { type Role, roleAllows } from "#shared/roles.ts";
import type { WriteResult } from "#shared/write-result.ts";
import { formText } from "./form-input.ts";
import { describeUnreadable } from "./messages.ts";
import { failWrite, runWrite, type WriteDescription } from "./run-write.ts";
import { NothingChanged, nothingChangedMessage } from "./unchanged.ts";

/**
 * What a kind of content declares to be written by managers, and the one path every admin write
 * takes (see docs/decisions/0016-one-admin-write-path.md). A content type names its commands by
 * the form's `intent`; each command says who may run it, how its messages read, how its form is
 * read and checked (zod, with Korean field errors; uploaded files prepared and passwords checked
 * here, before any transaction opens), and what it changes inside the one transaction.
 * Everything else (the body reader and its limits, the audit entry, the content revision and the
 * page cache, the answer) is the path's, the same for every type. The accounts' own changes,
 * signing in included, are commands too (decision 0044).
 */
interface CommandParts<Input, Result, By extends WriteAuthor> {
  /**
   * The audit entry's and the answer's messages, from the form as sent (or the stored record).
   * A command anyone may run names its actor here too: the address typed, the account a link is for.
   */
  describe(form: FormData, db: Db, by: By): CommandDescription<Result> | Promise<CommandDescription<Result>>;
  /**
   * Reads and checks the form, prepares its files and checks a typed password; throws the
   * failure taxonomy's errors (server/failures.ts).
   */
  read(form: FormData, db: Db, by: By): Input | Promise<Input>;
  /**
   * The change, in the write's transaction; version checks throw conflicts from here. `by` is
   * who asks, for the changes that depend on it (no manager removes their own account; a save
   * spends that manager's autosaved copy; a sign-in opens a session for this browser).
   */
  run(trx: Db, files: FileChanges, input: Input, by: By): Promise<Result>;
  /**
   * For a type with a history: the record this command saves, from its input (an update) or its
   * result (a new record), or the records a bulk change saves; each one's state is kept as a
   * revision in the same transaction.
   */
  revision?: (input: Input, result?: Result) => string | readonly string[] | undefined;
  /** What the kept revision is marked as, e.g. "restore". */
  revisionNote?: string;
}

/**
 * A command and who may run it: a signed-in manager (the default), or anyone, for the steps
 * that come before a session (signing in, a one-time link's page), whose form carries its own
 * proof. The path refuses a manager's command to a request without a session (401), and to an
 * account whose role is less than the command's `role` (else its type's) with 403.
 */
export type AdminCommand<Input, Result = unknown> =
  | ({ access?: "manager"; role?: Role } & CommandParts<Input, Result, SignedInAuthor>)
  | ({ access: "anyone" } & CommandParts<Input, Result, WriteAuthor>);

/** A command's messages; `actor` only for a command anyone may run (see CommandParts.describe). */
export interface CommandDescription<Result> extends WriteDescription<Result> {
  actor?: string | undefined;
}

/**
 * Who is writing: the audit log's actor, the signed-in account (none before signing in) and the
 * browser the request came from (none on the command line). The actor is the manager's address;
 * before a session exists it is the address they typed or the account their link is for, and
 * "system" when they name nobody (and for the server and the command line).
 */
export interface WriteAuthor {
  actor: string;
  account?: AuthorAccount | undefined;
  client?: WriteClient | undefined;
}

export interface AuthorAccount {
  id: string;
  email: string;
  role: Role;
  /** The session the request came with; signing out and a password change renew or end it. */
  sessionId: string;
  persistent: boolean;
}

/** A signed-in manager writing. */
export interface SignedInAuthor extends WriteAuthor {
  account: AuthorAccount;
}

/** The browser a write came from, as the account steps need it. */
export interface WriteClient {
  /** The client's address (after TRUST_PROXY): the sign-in limiter counts by it. */
  address: string;
  /** The User-Agent header, kept with a new session. */
  userAgent?: string | undefined;
  /** The known-device cookie's token (accounts/devices.ts). */
  deviceToken?: string | undefined;
  /** The token of the sign-in step cookie (accounts/sign-in-challenges.ts). */
  challengeToken?: string | undefined;
  /**
   * The site's address as the browser sees it: the configured SITE_URL, else the address the
   * request came to. A passkey belongs to its host (accounts/passkeys.ts).
   */
  origin?: string | undefined;
}

/** The actor of a request nobody signed in to, until its command names one. */
export const NOBODY = "system";

export interface ContentType {
  /** The address its forms post to: /admin/api/{name}. */
  name: string;
  category: AuditCategory;
  /** What one record is called, for an answer to a form that cannot even be read. */
  noun: string;
  /** Files its forms may carry; forms of text alone take none. */
  files: { maxFileBytes: number; maxFiles: number };
  // biome-ignore lint/suspicious/noExplicitAny: each command has input and result types of its own
  commands: Record<string, AdminCommand<any, any>>;
  /**
   * The public pages that show this content. Every write empties the whole page cache (decision
   * 0014), so this is what a manager's change is checked against, not what gets emptied.
   */
  publicPages: readonly string[];
  /**
   * Its admin page, as the navigation and the dashboard show it (a type edited on another
   * type's page has none).
   */
  adminPage?: AdminPage;
  /** Its records' revision history (articles and single documents), if it keeps one. */
  history?: History;
  /**
   * The role its commands and its admin page need (an editor's when unset): the one
   * declaration the write path and the admin area's guard both read (admin-access.ts).
   */
  role?: Role;
}

export interface AdminPage {
  path: string;
  title: string;
  /** Where the navigation lists it: the club's content, or how the club is run. */
  section: "content" | "operations";
  /** What the dashboard counts for it: rows of a table. */
  counts?: readonly { label: string; table: CountedTable }[];
  /** A single document (its key): the dashboard shows when it was last saved. */
  document?: string;
}

export type CountedTable = keyof Database;

/** Declares one command with its types inferred from `read` and `run`. */
export function command<Input, Result>(
  definition: { access?: "manager"; role?: Role } & CommandParts<Input, Result, SignedInAuthor>,
): AdminCommand<Input, Result>;
export function command<Input, Result>(
  definition: { access: "anyone" } & CommandParts<Input, Result, WriteAuthor>,
): AdminCommand<Input, Result>;
export function command<Input, Result>(definition: AdminCommand<Input, Result>): AdminCommand<Input, Result> {
  return definition;
}

/** No files: forms of text only. */
export const NO_FILES = { maxFileBytes: 0, maxFiles: 0 } as const;

/**
 * Runs the command a form names (its `intent`), as `by`: who may run it, its messages, its form
 * read and checked (a refusal answered and logged as a failure), then the write itself through
 * `runWrite`.
 */
export function runCommand(
  services: WriteServices,
  by: WriteAuthor,
  type: ContentType,
  form: FormData,
): Promise<WriteResult<unknown>> {
  return runNamedCommand(services, by, type, formText(form, "intent"), form);
}

type WriteServices = Pick<Services, "db" | "storage" | "logger" | "pageCache">;

/** Runs one named command of a type: for a route whose address says which command it runs. */
export async function runNamedCommand(
  services: WriteServices,
  by: WriteAuthor,
  type: ContentType,
  intent: string,
  form: FormData,
): Promise<WriteResult<unknown>> {
  const unreadable = describeUnreadable(type.category, type.noun);
  const chosen = Object.hasOwn(type.commands, intent) ? type.commands[intent] : undefined;
  if (!chosen) {
    return failWrite(services, by.actor, unreadable, new BadRequestError("알 수 없는 요청입니다."));
  }
  const access = accessOf(chosen, by);
  if (!access) return failWrite(services, by.actor, unreadable, new ForbiddenError(401, UNAUTHORIZED_MESSAGE));
  const needed = roleNeeded(type, chosen);
  if (by.account && !roleAllows(by.account.role, needed)) {
    return failWrite(services, by.actor, unreadable, new ForbiddenError(403, OWNER_ONLY_MESSAGE));
  }
  let description: CommandDescription<unknown>;
  try {
    description = await access.describe(form, services.db);
  } catch (error) {
    return failWrite(services, by.actor, unreadable, error);
  }
  // A step anyone may take is named by its own form (the address typed, the link's account);
  // a manager's command by the session.
  const actor = chosen.access === "anyone" ? (description.actor ?? by.actor) : by.actor;
  let input: unknown;
  try {
    input = await access.read(form, services.db);
  } catch (error) {
    return failWrite(services, actor, description, error);
  }
  const history = chosen.revision && type.history;
  const answer = await runWrite(services, actor, description, async (trx, files) => {
    // The records' states before the change: a save that leaves every one as it was is no save.
    const before = new Map<string, string | undefined>();
    if (history) {
      for (const id of subjects(chosen.revision?.(input))) {
        await keepBaseline(trx, history, id);
        before.set(id, await storedState(trx, history, id));
      }
    }
    const result = await access.run(trx, files, input);
    if (history) {
      const saved = subjects(chosen.revision?.(input, result));
      const changed: string[] = [];
      for (const id of saved) {
        if (!before.has(id) || before.get(id) !== (await storedState(trx, history, id))) changed.push(id);
      }
      if (saved.length > 0 && changed.length === 0) throw new NothingChanged(nothingChangedMessage(type.noun));
      for (const id of changed) await keepRevision(trx, history, id, { actor, note: chosen.revisionNote });
    }
    return result;
  });
  // Refused because another manager saved first: their version is shown beside what was sent.
  const [subject, ...others] = history ? subjects(chosen.revision?.(input)) : [];
  if (answer.status !== 409 || !history || !subject || others.length > 0) return answer;
  const theirs = await conflictingVersion(services, history, subject, async (version) => {
    const resent = new FormData();
    for (const [name, value] of form) resent.append(name, value);
    resent.set("version", String(version));
    const again = await access.read(resent, services.db);
    return (trx, files) => access.run(trx, files, again);
  });
  return theirs ? { ...answer, theirs } : answer;
}

/** The role a command needs: its own, else its type's, else an editor's. */
export function roleNeeded(type: ContentType, chosen?: AdminCommand<unknown, unknown>): Role {
  const own = chosen && chosen.access !== "anyone" ? chosen.role : undefined;
  return own ?? type.role ?? "editor";
}

/** The command's parts bound to `by`, or undefined when `by` may not run it (no session). */
function accessOf(chosen: AdminCommand<unknown, unknown>, by: WriteAuthor) {
  if (chosen.access === "anyone") return bind(chosen, by);
  const { account } = by;
  return account ? bind(chosen, { ...by, account }) : undefined;
}

function bind<By extends WriteAuthor>(parts: CommandParts<unknown, unknown, By>, by: By) {
  return {
    describe: (form: FormData, db: Db) => parts.describe(form, db, by),
    read: (form: FormData, db: Db) => parts.read(form, db, by),
    run: (trx: Db, files: FileChanges, input: unknown) => parts.run(trx, files, input, by),
  };
}

/** A record's state as its history keeps it, comparable as text; undefined while it does not exist. */
async function storedState(trx: Db, history: History, id: string): Promise<string | undefined> {
  const current = await history.read(trx, id);
  return current && JSON.stringify(current.state);
}

/** The records a command names for their revisions: none, one, or several. */
function subjects(named: string | readonly string[] | undefined): readonly string[] {
  if (named === undefined || named === "") return [];
  return typeof named === "string" ? [named] : named;
}
