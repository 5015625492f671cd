import { describe, expect, test } from "vitest";
import { ftsQuery } from "#server/domain/articles/search-query.ts";
import {
  MAX_QUERY_WORDS,
  queryWords,
  searchWords,
  tokenSet,
  tokenStream,
} from "#server/domain/articles/search-tokens.ts";

describe("search words", () => {
  test("are NFKC-normalised, lowercased and split at anything but letters and digits", () => {
    expect(searchWords("봄 해커톤·후기! React/Node.js 2026년")).toEqual([
      "봄",
      "해커톤",
      "후기",
      "react",
      "node",
      "js",
      "2026년",
    ]);
    // Decomposed jamo become syllables, full-width Latin becomes ASCII.
    expect(searchWords("\u1112\u1162\u110f\u1165\u1110\u1169\u11ab ＲＥＡＣＴ")).toEqual(["해커톤", "react"]);
    expect(searchWords("snake_case 50% C:\\kernel")).toEqual(["snake", "case", "50", "c", "kernel"]);
    expect(searchWords(" %_*\"' ")).toEqual([]);
  });

  test("a query keeps its words once, at most eight", () => {
    expect(queryWords("후기 후기 HackDay hackday")).toEqual(["후기", "hackday"]);
    expect(queryWords("가 나 다 라 마 바 사 아 자 차")).toHaveLength(MAX_QUERY_WORDS);
  });
});

describe("index tokens", () => {
  test("are each word's character pairs followed by its last character", () => {
    expect(tokenStream("봄 해커톤 후기")).toBe("봄 해커 커톤 톤 후기 기");
    expect(tokenStream("React")).toBe("re ea ac ct t");
    expect(tokenStream("…")).toBe("");
  });

  test("PostgreSQL keeps the same tokens, each once", () => {
    expect(tokenSet(["해커톤", "해커", "봄"])).toEqual(["해커", "커톤", "톤", "커", "봄"]);
  });

  test("a query word is a phrase of its pairs, or a prefix when it is one character", () => {
    const query = ftsQuery({ words: ["해커톤", "봄"], tag: "" }, "all");
    expect(query).toBe('{title body} : ("해커 커톤" AND "봄" *)');
    expect(ftsQuery({ words: ["후기"], tag: "행사" }, "title")).toBe(
      `title : ("후기") AND tag : "t${Buffer.from("행사").toString("hex")}"`,
    );
    expect(ftsQuery({ words: ["후기"], tag: "" }, "body")).toBe('({title body} : ("후기")) NOT (title : ("후기"))');
  });
});
