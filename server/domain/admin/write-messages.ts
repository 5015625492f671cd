import type { AuditCategory } from "../audit-log/categories.ts";
import type { WriteDescription } from "./run-write.ts";

/**
 * A kind of record as messages name it: "세션", with its subject particle "세션이" and its object
 * particle "세션을" (for questions such as "'파이썬 기초' 세션을 삭제할까요?").
 */
export interface RecordNoun {
  name: string;
  subject: string;
  object: string;
}

export type ChangeVerb = "추가" | "수정" | "삭제";

/**
 * The audit messages of one change in the spec's style: "'정기 총회' 일정이 추가되었습니다" and
 * "'정기 총회' 일정 추가에 실패했습니다". A record without a title yet is named by its kind alone.
 */
export function describeChange(
  category: AuditCategory,
  noun: RecordNoun,
  title: string,
  verb: ChangeVerb,
): WriteDescription {
  const named = title.trim() === "" ? "" : `'${title.trim()}' `;
  return {
    category,
    success: `${named}${noun.subject} ${verb}되었습니다`,
    failure: `${named}${noun.name} ${verb}에 실패했습니다`,
  };
}

/** "학기 순서가 변경되었습니다" / "학기 순서 변경에 실패했습니다". */
export function describeReorder(category: AuditCategory, list: string): WriteDescription {
  return {
    category,
    success: `${list} 순서가 변경되었습니다`,
    failure: `${list} 순서 변경에 실패했습니다`,
  };
}
