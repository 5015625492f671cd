import type { AuditCategory } from "../audit-log/categories.ts";
import type { WriteDescription } from "./run-write.ts";

/**
 * The Korean audit and answer messages of list items, in the spec's style:
 * "'해커톤 후기' 게시글이 삭제되었습니다", "'해커톤 후기' 게시글 삭제에 실패했습니다".
 */
export type ItemWrite = "create" | "update" | "delete";

const verbs: Record<ItemWrite, { done: string; failed: string }> = {
  create: { done: "추가되었습니다", failed: "추가에 실패했습니다" },
  update: { done: "수정되었습니다", failed: "수정에 실패했습니다" },
  delete: { done: "삭제되었습니다", failed: "삭제에 실패했습니다" },
};

/** Titles longer than this are cut in messages, so a long caption still reads as one line. */
const TITLE_LENGTH = 40;

/**
 * `noun` names the kind of item ("주요 활동"); `title` the item itself (may be empty when the
 * form had none). The subject particle (이/가) follows the noun's last syllable.
 */
export function itemWrite(
  category: AuditCategory,
  noun: string,
  title: string,
  write: ItemWrite,
): WriteDescription {
  const name = title.trim();
  const shown = name.length > TITLE_LENGTH ? `${name.slice(0, TITLE_LENGTH)}…` : name;
  const subject = shown ? `'${shown}' ${noun}` : noun;
  return {
    category,
    success: `${subject}${subjectParticle(noun)} ${verbs[write].done}`,
    failure: `${subject} ${verbs[write].failed}`,
  };
}

/** "2026년 주요 활동 순서가 변경되었습니다" for the list named `list`. */
export function orderWrite(category: AuditCategory, list: string): WriteDescription {
  return {
    category,
    success: `${list} 순서가 변경되었습니다`,
    failure: `${list} 순서 변경에 실패했습니다`,
  };
}

/** A save whose form could not even be read (too large, malformed): which item is unknown. */
export function unreadableWrite(category: AuditCategory, noun: string): WriteDescription {
  return { category, success: `${noun} 저장`, failure: `${noun} 저장에 실패했습니다` };
}

/** 이 after a closed Hangul syllable (활동이), 가 after an open one (회지가). */
export function subjectParticle(word: string): "이" | "가" {
  const last = word.trim().at(-1) ?? "";
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28 === 0 ? "가" : "이";
  return "이";
}

/** 을 after a closed Hangul syllable (질문을), 를 after an open one (포스터를). */
export function objectParticle(word: string): "을" | "를" {
  return subjectParticle(word) === "가" ? "를" : "을";
}
