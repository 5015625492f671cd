import { describe, expect, test } from "vitest";
import { buildNavigation, findActive } from "#app/components/layout/navigation.ts";

const groups = buildNavigation({
  activitySystem: { label: "활동 관리 시스템", url: "https://activity.example.org" },
  learningSite: { label: "학습 관리 사이트", url: "" },
});

describe("navigation", () => {
  test("has the spec's five groups in order", () => {
    expect(groups.map((group) => group.label)).toEqual(["About Us", "Community", "Archive", "Join", "Other sites"]);
  });

  test("other sites list only partner sites that have an address, then the admin", () => {
    const other = groups.find((group) => group.id === "other");
    expect(other?.items).toEqual([
      { label: "활동 관리 시스템", to: "https://activity.example.org", external: true },
      { label: "홈페이지 관리 시스템", to: "/admin" },
    ]);
  });

  test.each([
    ["/", undefined, undefined],
    ["/about", "about", "/about"],
    ["/about/organization", "about", "/about/organization"],
    ["/community/media/0f3a", "community", "/community/media"],
    ["/community/activity/courses/", "community", "/community/activity/courses"],
    ["/join/who_we_want", "join", "/join/who_we_want"],
    ["/archive/calendartest", undefined, undefined],
    ["/admin/manage-posts", "other", "/admin"],
  ])("%s belongs to group %s, item %s", (pathname, groupId, itemTo) => {
    expect(findActive(groups, pathname)).toEqual({ groupId, itemTo });
  });
});
