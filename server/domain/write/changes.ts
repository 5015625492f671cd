import { subjectParticle } from "#shared/korean.ts";

/**
 * Sentences for the audit log that say what a save of a whole document changed, in the spec's
 * style ("'회비가 있나요?' 질문이 삭제되었습니다"). A document page saves everything at once, so
 * the entry names the items added, edited, removed and reordered instead of only "saved".
 */

/** A label short enough for one log line: "긴 질문의 앞부분…". */
export function shortLabel(text: string, maxLength = 30): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= maxLength ? flat : `${flat.slice(0, maxLength - 1).trimEnd()}…`;
}

export interface ListChangeOptions<Item> {
  /** What one item is called, e.g. "질문" or "회칙 파일". */
  noun: string;
  id: (item: Item) => string;
  label: (item: Item) => string;
  /** Whether an item kept its content (its position aside). */
  same: (before: Item, after: Item) => boolean;
}

/** What happened to a list between two saves: additions, edits, removals, then a new order. */
export function listChanges<Item>(
  before: readonly Item[],
  after: readonly Item[],
  options: ListChangeOptions<Item>,
): string[] {
  const subject = `${options.noun}${subjectParticle(options.noun)}`;
  const beforeById = new Map(before.map((item) => [options.id(item), item]));
  const afterIds = new Set(after.map(options.id));
  const changes: string[] = [];
  for (const item of after) {
    const previous = beforeById.get(options.id(item));
    const label = shortLabel(options.label(item));
    if (!previous) changes.push(`'${label}' ${subject} 추가되었습니다`);
    else if (!options.same(previous, item)) changes.push(`'${label}' ${subject} 수정되었습니다`);
  }
  for (const item of before) {
    if (!afterIds.has(options.id(item))) {
      changes.push(`'${shortLabel(options.label(item))}' ${subject} 삭제되었습니다`);
    }
  }
  const keptBefore = before.map(options.id).filter((id) => afterIds.has(id));
  const keptAfter = after.map(options.id).filter((id) => beforeById.has(id));
  if (keptBefore.some((id, index) => keptAfter[index] !== id)) {
    changes.push(`${options.noun} 순서가 변경되었습니다`);
  }
  return changes;
}

/** The labels of the fields whose values differ, e.g. ["동아리 이름", "이메일"]. */
export function changedFields<Value>(
  before: Value,
  after: Value,
  fields: readonly { label: string; value: (value: Value) => unknown }[],
): string[] {
  return fields
    .filter((field) => JSON.stringify(field.value(before)) !== JSON.stringify(field.value(after)))
    .map((field) => field.label);
}

/**
 * "{what}의 {labels}가 수정되었습니다" (with the particle the labels take) for the fields a save changed (three named at most),
 * or nothing when none did.
 */
export function fieldsChangedSentence(what: string, labels: readonly string[]): string[] {
  if (labels.length === 0) return [];
  const named =
    labels.length <= 3 ? labels.join(", ") : `${labels.slice(0, 2).join(", ")} 외 ${labels.length - 2}개 항목`;
  return [`${what}의 ${named}${subjectParticle(named)} 수정되었습니다`];
}

/**
 * One log line from the changes: up to three sentences, then a count of the rest; `unchanged`
 * when the save changed nothing.
 */
export function summarizeChanges(changes: readonly string[], unchanged: string): string {
  if (changes.length === 0) return unchanged;
  if (changes.length <= 3) return changes.join(". ");
  return `${changes.slice(0, 2).join(". ")}. 그 밖에 ${changes.length - 2}건이 변경되었습니다`;
}
