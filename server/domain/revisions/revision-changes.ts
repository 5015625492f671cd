import { changedFields } from "#server/domain/write/changes.ts";

/**
 * What one kept state changed against another, as the history lists it beside each save: the
 * parts that differ ("본문", "사진") and how many words came and went. Words are counted, not
 * diffed, so a list of fifty saves costs one pass over each text.
 */

/** A part of a kept state that the history names when it changes. */
export interface HistoryField<State> {
  label: string;
  // A method, so a history of one kind's states stands where any history is taken.
  value(state: State): unknown;
}

/** How a kind of content's states are told apart: by their parts, and as readable text. */
export interface ChangeReader<State> {
  /** The parts a manager edits, in the form's order; a save's changes are named by them. */
  fields: readonly HistoryField<State>[];
  /** The state as readable text, compared word by word. */
  text(state: State): string;
}

export interface RevisionChanges {
  /** The labels of the parts that differ. */
  fields: string[];
  /** Words the newer text has that the older lacks, and the reverse; absent for texts too long to count. */
  words?: { added: number; removed: number };
}

/** Texts longer than this are neither compared nor counted: the work runs on the server's one thread. */
export const MAX_COMPARED_CHARACTERS = 200_000;

/** Korean words as `Intl.Segmenter` finds them, so a changed particle counts as its word. */
export const wordSegmenter = new Intl.Segmenter("ko", { granularity: "word" });

function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const segment of wordSegmenter.segment(text)) {
    if (segment.isWordLike) counts.set(segment.segment, (counts.get(segment.segment) ?? 0) + 1);
  }
  return counts;
}

/** How many words `newer` has more of than `older` (added), and fewer of (removed). */
export function countWordChanges(older: string, newer: string): { added: number; removed: number } {
  const before = wordCounts(older);
  const after = wordCounts(newer);
  let added = 0;
  let removed = 0;
  for (const [word, count] of after) added += Math.max(0, count - (before.get(word) ?? 0));
  for (const [word, count] of before) removed += Math.max(0, count - (after.get(word) ?? 0));
  return { added, removed };
}

export function revisionChanges<State>(reader: ChangeReader<State>, older: State, newer: State): RevisionChanges {
  const fields = changedFields(older, newer, reader.fields);
  if (fields.length === 0) return { fields, words: { added: 0, removed: 0 } };
  const olderText = reader.text(older);
  const newerText = reader.text(newer);
  if (olderText.length > MAX_COMPARED_CHARACTERS || newerText.length > MAX_COMPARED_CHARACTERS) return { fields };
  return { fields, words: countWordChanges(olderText, newerText) };
}
