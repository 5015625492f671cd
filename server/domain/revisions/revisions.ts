import { diffWords } from "diff";
import type { Db } from "#server/db/database.ts";
import type { FileChanges } from "#server/domain/files/files.ts";
import { newId } from "#server/storage/storage.ts";
import { seoulDate } from "#shared/dates.ts";
import type { DiffPart } from "#shared/word-diff.ts";
import {
  type ChangeReader,
  MAX_COMPARED_CHARACTERS,
  type RevisionChanges,
  revisionChanges,
  wordSegmenter,
} from "./revision-changes.ts";

/**
 * Revision history (decision 0028): every save of an article or a single document keeps the
 * state it wrote, with who and when, so a manager can compare any two and restore one. The
 * one write path records them (`runCommand`); a kind of content says only how its state is
 * read, shown as text and written back.
 */
export interface History<State = unknown> extends ChangeReader<State> {
  kind: "article" | "document";
  /** The subject's state as stored now, with its version; undefined when it does not exist. */
  read(db: Db, id: string): Promise<{ state: State; updatedAt: string; version: number } | undefined>;
  /** What the history list calls a state (a title), or "". */
  label(state: State): string;
  /** Writes a kept state back over the subject loaded at `version`, with a save's checks. */
  restore(trx: Db, files: FileChanges, id: string, version: number, state: State): Promise<unknown>;
}

/** Every revision is kept this long; older ones thin out to the last of each day (Seoul). */
export const KEEP_ALL_DAYS = 30;
/** The history panel lists this many, newest first. */
export const LISTED_REVISIONS = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RevisionEntry {
  id: string;
  createdAt: string;
  /** Who saved it; "" for the state found when history started. */
  actor: string;
  note: string;
  label: string;
  /** What it changed against the save before it; null for the first one kept. */
  changes: RevisionChanges | null;
}

/**
 * Before a save: a subject saved before history was kept gets its current state as the first
 * revision (no author, dated when it was last saved), so the first save can be undone too.
 */
export async function keepBaseline(trx: Db, history: History, id: string): Promise<void> {
  const existing = await trx
    .selectFrom("revisions")
    .select("id")
    .where("subject_kind", "=", history.kind)
    .where("subject_id", "=", id)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  const current = await history.read(trx, id);
  if (!current) return;
  await insertRevision(trx, history, id, current.state, { actor: "", note: "", at: current.updatedAt });
}

/** After a save, in its transaction: the state it wrote, then the old ones thinned out. */
export async function keepRevision(
  trx: Db,
  history: History,
  id: string,
  by: { actor: string; note?: string },
  now = new Date(),
): Promise<void> {
  const saved = await history.read(trx, id);
  if (!saved) return;
  await insertRevision(trx, history, id, saved.state, { actor: by.actor, note: by.note ?? "", at: now.toISOString() });
  await thinOut(trx, history.kind, id, now);
}

async function insertRevision(
  trx: Db,
  history: History,
  id: string,
  state: unknown,
  meta: { actor: string; note: string; at: string },
): Promise<void> {
  await trx
    .insertInto("revisions")
    .values({
      id: newId(),
      subject_kind: history.kind,
      subject_id: id,
      state: JSON.stringify(state),
      actor: meta.actor,
      note: meta.note,
      created_at: meta.at,
    })
    .execute();
}

/**
 * The retention policy: everything from the last 30 days, and before that the last revision of
 * each Seoul day. Runs on every save of the subject, so at most one day's worth is ever thinned.
 */
export async function thinOut(trx: Db, kind: string, id: string, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - KEEP_ALL_DAYS * DAY_MS).toISOString();
  const old = await trx
    .selectFrom("revisions")
    .select(["id", "created_at"])
    .where("subject_kind", "=", kind)
    .where("subject_id", "=", id)
    .where("created_at", "<", cutoff)
    .orderBy("created_at", "desc")
    .execute();
  const keptDays = new Set<string>();
  const dropped: string[] = [];
  for (const row of old) {
    const day = seoulDate(row.created_at);
    if (keptDays.has(day)) dropped.push(row.id);
    else keptDays.add(day);
  }
  if (dropped.length > 0) await trx.deleteFrom("revisions").where("id", "in", dropped).execute();
}

/** A deleted subject takes its history with it. */
export async function forgetRevisions(trx: Db, kind: History["kind"], ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom("revisions").where("subject_kind", "=", kind).where("subject_id", "in", ids).execute();
}

/**
 * The subject's revisions for the history panel, newest first, each with what it changed against
 * the one before it (one more is read, so the last listed has its predecessor too).
 */
export async function listRevisions(db: Db, history: History, id: string): Promise<RevisionEntry[]> {
  const rows = await db
    .selectFrom("revisions")
    .select(["id", "created_at", "actor", "note", "state"])
    .where("subject_kind", "=", history.kind)
    .where("subject_id", "=", id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(LISTED_REVISIONS + 1)
    .execute();
  const states = rows.map((row) => JSON.parse(row.state) as unknown);
  return rows.slice(0, LISTED_REVISIONS).map((row, index) => {
    const before = index + 1 < states.length ? states[index + 1] : undefined;
    return {
      id: row.id,
      createdAt: row.created_at,
      actor: row.actor,
      note: row.note,
      label: history.label(states[index]),
      changes: before === undefined ? null : revisionChanges(history, before, states[index]),
    };
  });
}

/** Who saved the subject's newest revision, and when; undefined before its first. */
export async function newestRevision(
  db: Db,
  history: History,
  subjectId: string,
): Promise<{ actor: string; createdAt: string } | undefined> {
  const row = await db
    .selectFrom("revisions")
    .select(["actor", "created_at"])
    .where("subject_kind", "=", history.kind)
    .where("subject_id", "=", subjectId)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && { actor: row.actor, createdAt: row.created_at };
}

/** One kept state of the subject, or undefined when the id is not one of its revisions. */
export async function readRevision(
  db: Db,
  history: History,
  subjectId: string,
  revisionId: string,
): Promise<{ state: unknown; createdAt: string } | undefined> {
  const row = await db
    .selectFrom("revisions")
    .select(["state", "created_at"])
    .where("id", "=", revisionId)
    .where("subject_kind", "=", history.kind)
    .where("subject_id", "=", subjectId)
    .executeTakeFirst();
  return row && { state: JSON.parse(row.state), createdAt: row.created_at };
}

export type Comparison =
  | { ok: true; from: string; to: string; parts: DiffPart[]; changed: boolean; changes: RevisionChanges }
  | { ok: false; from: string; to: string; message: string };

const COMPARE_TIMEOUT_MS = 200;
const tooLong =
  "두 버전의 차이가 너무 커서 낱말 단위로 비교할 수 없습니다. 되돌리기 전에 각 버전을 열어 확인해 주세요.";

/**
 * Two revisions of a subject compared word by word (Korean words by `Intl.Segmenter`, so a
 * changed particle shows as its word); undefined when either is not the subject's.
 */
export async function compareRevisions(
  db: Db,
  history: History,
  subjectId: string,
  fromId: string,
  toId: string,
): Promise<Comparison | undefined> {
  const [from, to] = await Promise.all([
    readRevision(db, history, subjectId, fromId),
    readRevision(db, history, subjectId, toId),
  ]);
  if (!from || !to) return undefined;
  const parts = compareTexts(history.text(from.state), history.text(to.state));
  if (!parts) return { ok: false, from: fromId, to: toId, message: tooLong };
  return {
    ok: true,
    from: fromId,
    to: toId,
    parts,
    changed: parts.some((part) => part.kind !== "same"),
    changes: revisionChanges(history, from.state, to.state),
  };
}

/**
 * Two texts compared word by word (Korean words by `Intl.Segmenter`, so a changed particle shows
 * as its word); undefined when they are too long, or too different, to compare in the budget.
 */
export function compareTexts(older: string, newer: string): DiffPart[] | undefined {
  if (older.length > MAX_COMPARED_CHARACTERS || newer.length > MAX_COMPARED_CHARACTERS) return undefined;
  const changes = diffWords(older, newer, { intlSegmenter: wordSegmenter, timeout: COMPARE_TIMEOUT_MS });
  return changes?.map(
    (change): DiffPart => ({
      kind: change.added ? "added" : change.removed ? "removed" : "same",
      text: change.value,
    }),
  );
}

/** What a page's history panel shows: the list, and a comparison the address asks for. */
export interface RevisionPanel {
  subject: string;
  revisions: RevisionEntry[];
  comparison: Comparison | null;
}

/**
 * The history panel's data for one subject. A comparison is asked for in the address:
 * `?history={subject}&from={revision}&to={revision}` (several panels can share a page).
 */
export async function revisionPanel(db: Db, history: History, id: string, url: URL): Promise<RevisionPanel> {
  const params = url.searchParams;
  const from = params.get("from");
  const to = params.get("to");
  const asked = params.get("history") === id && from && to;
  const [revisions, comparison] = await Promise.all([
    listRevisions(db, history, id),
    asked ? compareRevisions(db, history, id, from, to) : undefined,
  ]);
  return { subject: id, revisions, comparison: comparison ?? null };
}
