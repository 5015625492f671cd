import { expect, test } from "vitest";
import { parseArticleListQuery } from "#server/domain/articles/articles.ts";
import { parseFileListQuery } from "#server/domain/files/library.ts";
import { parseListQuery } from "#server/domain/list-query.ts";

test("a search with control characters in the address reads as the words around them", () => {
  expect(parseListQuery(new URLSearchParams("search=%00%EB%8F%99%EC%95%84%EB%A6%AC%0A%E2%80%8Bclub%07"))).toEqual({
    page: 1,
    search: "동아리 \u200bclub",
  });
  expect(parseArticleListQuery(new URLSearchParams("tag=%00%ED%96%89%EC%82%AC")).tag).toBe("행사");
  expect(parseFileListQuery(new URLSearchParams("search=a%00b&kind=pdf&page=2"))).toEqual({
    page: 2,
    search: "a b",
    kind: "pdf",
    use: "",
  });
});

test("a malformed page or filter falls back to the default, a long search is cut", () => {
  const query = parseFileListQuery(new URLSearchParams(`page=-3&kind=exe&use=x&search=${"가".repeat(300)}`));
  expect(query).toEqual({ page: 1, kind: "", use: "", search: "가".repeat(100) });
});
