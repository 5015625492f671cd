import type { Db } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import type { FileChanges } from "#server/domain/files/files.ts";
import { type History, keepBaseline, keepRevision } from "#server/domain/revisions/revisions.ts";
import { BadRequestError } from "#server/failures.ts";
import type { Services } from "#server/services.ts";
import type { AuditCategory } from "#shared/audit-categories.ts";
import type { WriteResult } from "#shared/write-result.ts";
import { formText } from "./form-input.ts";
import { describeUnreadable } from "./messages.ts";
import { failWrite, runWrite, type WriteDescription } from "./run-write.ts";

/**
 * What a kind of content declares to be written by managers, and the one path every admin write
 * takes (see docs/decisions/0016-one-admin-write-path.md). A content type names its commands by
 * the form's `intent`; each command says how its messages read, how its form is read and
 * checked (zod, with Korean field errors; uploaded files prepared here, before any transaction
 * opens), and what it changes inside the one transaction. Everything else (the session, the body
 * reader and its limits, the audit entry, the content revision and the page cache, the answer)
 * is the path's, the same for every type.
 */
export interface AdminCommand<Input, Result = unknown> {
  /** The audit entry's and the answer's messages, from the form as sent (or the stored record). */
  describe(form: FormData, db: Db): WriteDescription<Result> | Promise<WriteDescription<Result>>;
  /** Reads and checks the form and prepares its files; throws zod, field and input errors. */
  read(form: FormData): Input | Promise<Input>;
  /**
   * The change, in the write's transaction; version checks throw conflicts from here. `by` is
   * the signed-in manager, for the changes that depend on who asks (no manager removes their own
   * account; a save spends that manager's autosaved copy).
   */
  run(trx: Db, files: FileChanges, input: Input, by: WriteAuthor): Promise<Result>;
  /**
   * For a type with a history: the record this command saves, from its input (an update) or its
   * result (a new record), or the records a bulk change saves; each one's state is kept as a
   * revision in the same transaction.
   */
  revision?: (input: Input, result?: Result) => string | readonly string[] | undefined;
  /** What the kept revision is marked as, e.g. "restore". */
  revisionNote?: string;
}

/** Who is writing: the audit log's actor (an e-mail address) and the account's id. */
export interface WriteAuthor {
  actor: string;
  accountId: string;
}

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
export function command<Input, Result>(definition: AdminCommand<Input, Result>): AdminCommand<Input, Result> {
  return definition;
}

/** No files: forms of text only. */
export const NO_FILES = { maxFileBytes: 0, maxFiles: 0 } as const;

/**
 * Runs the command a form names, as `actor`: its messages, its form read and checked (a refusal
 * answered and logged as a failure), then the write itself through `runWrite`.
 */
export async function runCommand(
  services: Pick<Services, "db" | "storage" | "logger" | "pageCache">,
  by: WriteAuthor,
  type: ContentType,
  form: FormData,
): Promise<WriteResult<unknown>> {
  const { actor } = by;
  const unreadable = describeUnreadable(type.category, type.noun);
  const chosen = type.commands[formText(form, "intent")];
  if (!chosen) {
    return failWrite(services, actor, unreadable, new BadRequestError("알 수 없는 요청입니다."));
  }
  let description: WriteDescription<unknown>;
  try {
    description = await chosen.describe(form, services.db);
  } catch (error) {
    return failWrite(services, actor, unreadable, error);
  }
  let input: unknown;
  try {
    input = await chosen.read(form);
  } catch (error) {
    return failWrite(services, actor, description, error);
  }
  const history = chosen.revision && type.history;
  return runWrite(services, actor, description, async (trx, files) => {
    if (history) {
      for (const id of subjects(chosen.revision?.(input))) await keepBaseline(trx, history, id);
    }
    const result = await chosen.run(trx, files, input, by);
    if (history) {
      for (const id of subjects(chosen.revision?.(input, result))) {
        await keepRevision(trx, history, id, { actor, note: chosen.revisionNote });
      }
    }
    return result;
  });
}

/** The records a command names for their revisions: none, one, or several. */
function subjects(named: string | readonly string[] | undefined): readonly string[] {
  if (named === undefined || named === "") return [];
  return typeof named === "string" ? [named] : named;
}
