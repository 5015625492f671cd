import { describe, expect, test } from "vitest";
import { breakLines, mayBreakBetween, type Piece } from "#server/domain/manual/line-breaks.ts";

/** Every character one unit wide, whatever its mark: lines are then counted in characters. */
const measure = (text: string) => [...text].length;
const plain = (text: string): Piece<"regular" | "code">[] => [{ text, mark: "regular" }];
const lineTexts = (lines: Piece<string>[][]) => lines.map((line) => line.map((piece) => piece.text).join(""));

describe("breaking the manual's running text into lines", () => {
  test("Korean text breaks between syllables, filling each line", () => {
    expect(lineTexts(breakLines(plain("관리화면에서로그인합니다"), 5, measure))).toEqual([
      "관리화면에",
      "서로그인합",
      "니다",
    ]);
  });

  test("a Latin word and the particle after it stay together; a space at a line's end is dropped", () => {
    expect(lineTexts(breakLines(plain("먼저 PDF를 내려받기"), 6, measure))).toEqual(["먼저", "PDF를 내", "려받기"]);
    expect(mayBreakBetween("F", "를")).toBe(false);
    expect(mayBreakBetween("를", "내")).toBe(true);
  });

  test("punctuation stays with the syllable before it", () => {
    expect(lineTexts(breakLines(plain("가나다라."), 4, measure))).toEqual(["가나다", "라."]);
  });

  test("marks survive the breaks, and a word longer than a line is cut between characters", () => {
    const lines = breakLines<"regular" | "code">(
      [
        { text: "주소는 ", mark: "regular" },
        { text: "/admin/manage-password", mark: "code" },
        { text: "입니다", mark: "regular" },
      ],
      10,
      measure,
    );
    expect(lineTexts(lines)).toEqual(["주소는", "/admin/man", "age-passwo", "rd입니다"]);
    expect(lines[3]).toEqual([
      { text: "rd", mark: "code" },
      { text: "입니다", mark: "regular" },
    ]);
  });
});
