import type { AuditCategory } from "#shared/audit-categories.ts";
import { type RecordNoun, recordNoun } from "#shared/korean.ts";
import type { WriteDescription } from "./run-write.ts";
import { asSingleLine } from "./text-schemas.ts";

/**
 * The Korean audit and answer messages of admin writes, in the spec's style:
 * "'해커톤 후기' 게시글이 삭제되었습니다" and "'해커톤 후기' 게시글 삭제에 실패했습니다".
 */

export type ChangeVerb = "추가" | "수정" | "삭제";

/** Titles longer than this are cut in messages, so a long caption still reads as one line. */
const TITLE_LENGTH = 40;

/** A change to one record; a record without a title yet is named by its kind alone. */
export function describeChange(
  category: AuditCategory,
  noun: RecordNoun | string,
  title: string,
  verb: ChangeVerb,
): WriteDescription {
  const kind = typeof noun === "string" ? recordNoun(noun) : noun;
  const named = quoted(title);
  return {
    category,
    success: `${named}${kind.subject} ${verb}되었습니다`,
    failure: `${named}${kind.name} ${verb}에 실패했습니다`,
  };
}

/** "'해커톤 후기' ": a title as messages quote it, cut when long; "" for a record without one. */
function quoted(title: string): string {
  // The form as sent, before its schema cleaned it: the log shows no control characters either.
  const name = asSingleLine(title).replace(/\s+/g, " ").trim();
  const shown = name.length > TITLE_LENGTH ? `${name.slice(0, TITLE_LENGTH)}…` : name;
  return shown ? `'${shown}' ` : "";
}

/** A change made to several records at once: what each became, and the change's own name. */
export interface BulkChange {
  /** What happened to each, after the subject: "삭제되었습니다". */
  done: string;
  /** The change as a noun, for the failure: "삭제". */
  name: string;
}

/**
 * One change to several records at once, e.g. the articles chosen in a list deleted together.
 * The work answers the records it changed, with their titles: each gets its own audit entry
 * ("'해커톤 후기' 게시글이 삭제되었습니다") and the answer counts them ("게시글 3개가
 * 삭제되었습니다"). A failure is one entry for the whole change ("게시글 3개 삭제에 실패했습니다").
 */
export function describeBulkChange(
  category: AuditCategory,
  noun: string,
  count: number,
  change: BulkChange,
): WriteDescription<readonly { title: string }[]> {
  const kind = recordNoun(noun);
  return {
    category,
    success: (changed) => ({
      message: `${noun} ${changed.length}개가 ${change.done}`,
      entries: changed.map(({ title }) => `${quoted(title)}${kind.subject} ${change.done}`),
    }),
    failure: `${noun} ${count}개 ${change.name}에 실패했습니다`,
  };
}

/** "2026년 주요 활동 순서가 변경되었습니다" for the list named `list`. */
export function describeReorder(category: AuditCategory, list: string): WriteDescription {
  return {
    category,
    success: `${list} 순서가 변경되었습니다`,
    failure: `${list} 순서 변경에 실패했습니다`,
  };
}

/** A save whose form could not be read or whose request named no known change. */
export function describeUnreadable(category: AuditCategory, what: string): WriteDescription {
  return { category, success: `${what} 저장`, failure: `${what} 저장에 실패했습니다` };
}

/**
 * A whole document saved from one form (rules, admission info, settings): the audit entry says
 * what the save changed, a sentence only the write knows (`server/domain/write/changes.ts`);
 * a failure is "회칙 수정에 실패했습니다".
 */
export function describeDocumentSave(category: AuditCategory, document: string): WriteDescription<string> {
  return { category, success: (changes) => changes, failure: `${document} 수정에 실패했습니다` };
}
