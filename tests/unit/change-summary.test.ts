import { describe, expect, test } from "vitest";
import {
  changedFields,
  fieldsChangedSentence,
  listChanges,
  shortLabel,
  summarizeChanges,
} from "#server/domain/write/changes.ts";
import { objectParticle, subjectParticle } from "#shared/korean.ts";

describe("Korean particles", () => {
  test.each([
    ["질문", "질문이", "질문을"],
    ["이미지", "이미지가", "이미지를"],
    ["회칙 파일", "회칙 파일이", "회칙 파일을"],
    ["모집 포스터", "모집 포스터가", "모집 포스터를"],
    ["PDF", "PDF가", "PDF를"],
  ])("%s takes %s and %s", (word, subject, object) => {
    expect(`${word}${subjectParticle(word)}`).toBe(subject);
    expect(`${word}${objectParticle(word)}`).toBe(object);
  });
});

describe("audit sentences for a whole-document save", () => {
  const options = {
    noun: "질문",
    id: (item: { id: string; text: string }) => item.id,
    label: (item: { id: string; text: string }) => item.text,
    same: (a: { text: string }, b: { text: string }) => a.text === b.text,
  };
  const a = { id: "a", text: "회비가 있나요?" };
  const b = { id: "b", text: "면접이 있나요?" };
  const c = { id: "c", text: "동아리방은 어디인가요?" };

  test("additions, edits, removals and a new order are each named", () => {
    expect(listChanges([a, b], [a, b], options)).toEqual([]);
    expect(listChanges([a, b], [b, a], options)).toEqual(["질문 순서가 변경되었습니다"]);
    expect(listChanges([a, b], [a, { ...b, text: "면담이 있나요?" }, c], options)).toEqual([
      "'면담이 있나요?' 질문이 수정되었습니다",
      "'동아리방은 어디인가요?' 질문이 추가되었습니다",
    ]);
    // Removing one item is not a new order for the rest.
    expect(listChanges([a, b, c], [a, c], options)).toEqual(["'면접이 있나요?' 질문이 삭제되었습니다"]);
  });

  test("long labels are shortened for one log line", () => {
    expect(shortLabel("가".repeat(40))).toBe(`${"가".repeat(29)}…`);
    expect(shortLabel("  줄이\n 바뀐   질문 ")).toBe("줄이 바뀐 질문");
  });

  test("changed fields are named, three at most", () => {
    const fields = ["제목", "설명", "지원 링크", "이메일"].map((label, index) => ({
      label,
      value: (values: number[]) => values[index],
    }));
    expect(changedFields([1, 2, 3, 4], [1, 9, 3, 4], fields)).toEqual(["설명"]);
    expect(fieldsChangedSentence("모집 안내", ["설명", "지원 링크"])).toEqual([
      "모집 안내의 설명, 지원 링크가 수정되었습니다",
    ]);
    expect(fieldsChangedSentence("사이트 설정", ["동아리 이름", "부제", "주소", "이메일"])).toEqual([
      "사이트 설정의 동아리 이름, 부제 외 2개 항목이 수정되었습니다",
    ]);
    expect(fieldsChangedSentence("사이트 설정", [])).toEqual([]);
  });

  test("one line for the log: up to three sentences, then a count", () => {
    expect(summarizeChanges([], "저장되었습니다 (바뀐 내용 없음)")).toBe("저장되었습니다 (바뀐 내용 없음)");
    expect(summarizeChanges(["가", "나", "다"], "")).toBe("가. 나. 다");
    expect(summarizeChanges(["가", "나", "다", "라", "마"], "")).toBe("가. 나. 그 밖에 3건이 변경되었습니다");
  });
});
