import { describe, expect, test } from "vitest";
import { mediaListHref } from "#app/components/community/media-links.ts";
import { visiblePages } from "#app/components/community/Pagination.tsx";

describe("media list addresses", () => {
  test("leave out the defaults", () => {
    expect(mediaListHref({})).toBe("/community/media");
    expect(mediaListHref({ page: 1, limit: 9, search: "", tag: "전체" })).toBe("/community/media");
  });

  test("keep the spec's parameter order and encode Korean", () => {
    const href = mediaListHref({ page: 2, limit: 12, search: "해커톤 후기", tag: "행사" });
    const url = new URL(href, "http://club.test");
    expect(url.pathname).toBe("/community/media");
    expect([...url.searchParams.keys()]).toEqual(["page", "limit", "search", "tag"]);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: "2",
      limit: "12",
      search: "해커톤 후기",
      tag: "행사",
    });
  });

  test("encode characters that mean something in an address", () => {
    const url = new URL(mediaListHref({ search: "50% & more#1" }), "http://club.test");
    expect(url.searchParams.get("search")).toBe("50% & more#1");
  });
});

describe("pagination", () => {
  test("shows every page when there are few", () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  test("keeps the first, the last and the neighbours of the current page", () => {
    expect(visiblePages(10, 20)).toEqual([1, "gap", 9, 10, 11, "gap", 20]);
    expect(visiblePages(1, 20)).toEqual([1, 2, 3, 4, "gap", 20]);
    expect(visiblePages(20, 20)).toEqual([1, "gap", 17, 18, 19, 20]);
  });

  test("never hides a single page behind an ellipsis", () => {
    expect(visiblePages(4, 20)).toEqual([1, 2, 3, 4, 5, "gap", 20]);
    expect(visiblePages(17, 20)).toEqual([1, "gap", 16, 17, 18, 19, 20]);
    expect(visiblePages(5, 20)).toEqual([1, "gap", 4, 5, 6, "gap", 20]);
  });
});
